import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { AuthLayout } from "../layouts/auth-layout.js";

/**
 * The id of the request that served this page as a 404 (the server adds it to the page), while the
 * address is still the one the page was loaded at: a user's report then matches the server's log line.
 */
function servedRequestId(): string | undefined {
  const id = document.querySelector<HTMLMetaElement>('meta[name="tessera-request-id"]')?.content;
  const loaded = (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.name;
  if (!id || (loaded && new URL(loaded).pathname !== window.location.pathname)) return undefined;
  return id;
}

export default function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("notFound.title"));
  const requestId = servedRequestId();
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
      >
        {requestId && (
          <p className="text-xs text-muted-foreground break-all" data-testid="request-id">
            {t("notFound.requestId", { id: requestId })}
          </p>
        )}
      </StatusCard>
    </AuthLayout>
  );
}
