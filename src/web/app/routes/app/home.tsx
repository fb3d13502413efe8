import { useTranslation } from "react-i18next";
import { ActiveOrganization } from "../../../features/organizations/components/active-organization.js";
import { useDocumentTitle } from "../../../hooks/use-document-title.js";
import { useSession } from "../../../lib/session.js";

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
      <ActiveOrganization />
    </div>
  );
}
