import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { changeLocale, ERRORS_NS, i18n, initI18n } from "@/lib/i18n.js";
import type { Locale } from "@/shared/languages.js";

let started: Promise<unknown> | undefined;

/** The app's real i18n, in `locale`, with the error messages loaded (as they are shortly after boot). */
export async function withLocale(locale: Locale = "en") {
  started ??= initI18n(locale);
  await started;
  await changeLocale(locale);
  await i18n.loadNamespaces(ERRORS_NS);
  return i18n;
}

/** Renders `ui` inside a router (for links), the i18n provider and a fresh query cache (for mutation hooks), at `path`. */
export function renderScreen(ui: ReactElement, { path = "/" }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
