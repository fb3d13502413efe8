import { useTranslation } from "react-i18next";
import { MyInvitations } from "../../../features/organization-admin/components/my-invitations.js";
import { useOrgTranslation } from "../../../features/organization-admin/hooks/use-org-translation.js";
import { ActiveOrganization } from "../../../features/organizations/components/active-organization.js";
import { NextSteps } from "../../../features/organizations/components/next-steps.js";
import { useDocumentTitle } from "../../../hooks/use-document-title.js";
import { useSession } from "../../../lib/session.js";

/** Home: who you are, what to do next, invitations waiting for you, and your organizations. */
export default function HomeRoute() {
  const { t } = useTranslation();
  const { session } = useSession();
  useDocumentTitle(t("home.title"));
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {t("home.welcome", { name: session?.user.name || session?.user.email })}
        </h1>
        <p className="text-muted-foreground">{t("home.description")}</p>
      </div>
      <NextSteps />
      <HomeInvitations />
      <ActiveOrganization />
    </div>
  );
}

/** Invitations waiting for the user, once the organization texts have arrived (nothing while they load). */
function HomeInvitations() {
  const { ready } = useOrgTranslation();
  return ready ? <MyInvitations /> : null;
}
