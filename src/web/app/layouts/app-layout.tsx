import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Toaster } from "@/components/ui/toaster.js";
import { paths } from "@/config/paths.js";
import { LanguagePicker } from "@/features/account/components/language-picker.js";
import { ThemeToggle } from "@/features/account/components/theme-toggle.js";
import { UserMenu } from "@/features/account/components/user-menu.js";
import { AdminLink } from "@/features/admin/components/admin-link.js";
import { ImpersonationBanner } from "@/features/admin/components/impersonation-banner.js";
import { OrganizationMenuItems } from "@/features/organizations/components/organization-menu-items.js";
import { OrganizationSwitcher } from "@/features/organizations/components/organization-switcher.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import type { SessionUser } from "@/lib/auth-client.js";

/** The signed-in frame: brand, organization switcher, language, theme, and the user menu. */
export function AppLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const showError = (error: unknown) => toast.error(describeError(error));
  return (
    <div className="flex min-h-dvh flex-col">
      {/* The first stop of the keyboard: past the header's controls to the screen itself. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        {t("common.skipToContent")}
      </a>
      <ImpersonationBanner />
      <header className="border-b bg-background">
        {/* One line at every width: the switcher's name shortens first (issue 22 item 12). */}
        <div className="mx-auto flex w-full max-w-5xl items-center gap-2 px-4 py-2 sm:px-6">
          <Link to={paths.home.getHref()} className="mr-2 shrink-0 rounded-md text-lg font-semibold tracking-tight">
            Tessera
          </Link>
          <div className="min-w-0">
            <OrganizationSwitcher onError={showError} footer={<OrganizationMenuItems />} />
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <AdminLink />
            <div className="hidden md:block">
              <LanguagePicker compact />
            </div>
            <ThemeToggle />
            <UserMenu user={user} onSignOutError={showError} />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 outline-none sm:px-6">
        {children}
      </main>
      <Toaster />
    </div>
  );
}
