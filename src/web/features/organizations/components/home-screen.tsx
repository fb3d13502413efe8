import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useSession } from "@/lib/api/session.js";
import { useHomeTranslation } from "../hooks/use-home-translation.js";
import { ActiveOrganization } from "./active-organization.js";
import { NextSteps } from "./next-steps.js";

/**
 * Home: who you are, what to do next, invitations waiting for you (`invitations`, from the organization
 * screens' feature), and your organizations, with "Create organization" where `mayCreateOrganization`.
 */
export function HomeScreen({
  invitations,
  mayCreateOrganization,
}: {
  invitations: ReactNode;
  mayCreateOrganization: boolean;
}) {
  const { t: appT } = useTranslation();
  const { t, ready } = useHomeTranslation();
  const { session } = useSession();
  useDocumentTitle(ready ? t("home.title") : "");
  // Its texts come with the screen (features/organizations/locales/home), so nothing shows keys meanwhile.
  if (!ready) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label={appT("common.loading")} />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {t("home.welcome", { name: session?.user.name || session?.user.email })}
        </h1>
        <p className="text-muted-foreground">{t("home.description")}</p>
      </div>
      <NextSteps />
      {invitations}
      <ActiveOrganization mayCreate={mayCreateOrganization} />
    </div>
  );
}
