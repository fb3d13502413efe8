import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths.js";
import { LanguagePicker } from "@/features/account/components/language-picker.js";
import { ThemeToggle } from "@/features/account/components/theme-toggle.js";

/** Sign-in screens and mail landings: the brand, language and theme, and one centered card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Link to={paths.home.getHref()} className="rounded-md text-lg font-semibold tracking-tight">
          Tessera
        </Link>
        <div className="flex items-center gap-1">
          <LanguagePicker compact />
          <ThemeToggle />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 justify-center px-4 pt-4 pb-12 outline-none sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
