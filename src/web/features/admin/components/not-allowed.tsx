import { Link } from "react-router";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** What someone without the admin statements of docs/behaviour.md#site-administration sees at /admin. */
export function NotAllowed() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t("notAllowed.title"));
  return (
    <div className="mx-auto max-w-lg">
      <StatusCard
        tone="warning"
        title={t("notAllowed.title")}
        description={t("notAllowed.description")}
        actions={
          <Button asChild>
            <Link to={paths.home.getHref()}>{t("notAllowed.home")}</Link>
          </Button>
        }
      />
    </div>
  );
}
