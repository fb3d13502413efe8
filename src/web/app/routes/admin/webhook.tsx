import { useParams } from "react-router";
import { WebhookEndpointDetail } from "../../../features/webhooks/components/endpoint-screen.js";
import { SiteWebhooks } from "./webhooks-scope.js";

export default function AdminWebhookRoute() {
  const { endpointId = "" } = useParams();
  return (
    <SiteWebhooks>
      <WebhookEndpointDetail endpointId={endpointId} />
    </SiteWebhooks>
  );
}
