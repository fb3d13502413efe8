import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusCard } from "../../components/status-card.js";
import { Button } from "../../components/ui/button.js";
import { paths } from "../../config/paths.js";
import { useDocumentTitle } from "../../hooks/use-document-title.js";
import { AuthLayout } from "../layouts/auth-layout.js";

export default function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("notFound.title"));
  return (
    <AuthLayout>
      <StatusCard
        tone="info"
        title={t("notFound.title")}
        description={t("notFound.description")}
        actions={
          <Button asChild>
            <Link to={paths.home.getHref()}>{t("common.returnToApp")}</Link>
          </Button>
        }
      />
    </AuthLayout>
  );
}
