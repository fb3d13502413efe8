import { useParams } from "react-router";
import { WebhookEndpointDetail } from "@/features/webhooks/components/endpoint-screen.js";
import { OrganizationWebhooks } from "./scope.js";

/** /org/:slug/webhooks/:endpointId: one endpoint and its deliveries. */
export default function OrganizationWebhookRoute() {
  const { endpointId = "" } = useParams();
  return (
    <OrganizationWebhooks>
      <WebhookEndpointDetail endpointId={endpointId} />
    </OrganizationWebhooks>
  );
}
