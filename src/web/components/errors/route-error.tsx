import { useTranslation } from "react-i18next";

/**
 * What the router shows when a screen fails to load or render (e.g. a new deploy removed an old chunk).
 * Plain markup on purpose: it is in the entry bundle and must work when nothing else loads.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{t("routeError.title")}</h1>
      <p className="text-muted-foreground">{t("routeError.description")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="h-10 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground"
        >
          {t("routeError.reload")}
        </button>
        <a href="/" className="inline-flex h-10 items-center rounded-md border px-4 text-sm font-medium">
          {t("common.returnToApp")}
        </a>
      </div>
    </main>
  );
}
