import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";
import { WebhookEndpointDetail } from "./endpoint-screen.js";
import { WebhookEndpoints } from "./webhooks-screen.js";

/** The organization's webhooks, a section of its screens (owners and admins: webhook read). */
export function OrganizationWebhooksSection({ name }: { name: string }) {
  const { t } = useWebhooksTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("organization.heading")}</CardTitle>
        <CardDescription>{t("organization.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <WebhookEndpoints documentTitle={t("organization.title", { name })} />
      </CardContent>
    </Card>
  );
}

/** The site's webhooks in the admin console: every event of the whole site. */
export function SiteWebhooksSection() {
  const { t } = useWebhooksTranslation();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("site.title")}</h1>
        <p className="text-muted-foreground">{t("site.description")}</p>
      </div>
      <WebhookEndpoints documentTitle={t("site.title")} />
    </div>
  );
}

/** One site endpoint in the admin console, under the console's heading for webhooks. */
export function SiteWebhookEndpointSection({ endpointId }: { endpointId: string }) {
  const { t } = useWebhooksTranslation();
  return (
    <div className="grid min-w-0 gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t("site.title")}</h1>
      <WebhookEndpointDetail endpointId={endpointId} />
    </div>
  );
}
