import { useParams } from "react-router";
import { SiteWebhookEndpointSection } from "@/features/webhooks/components/sections.js";
import { SiteWebhooks } from "./webhooks-scope.js";

export default function AdminWebhookRoute() {
  const { endpointId = "" } = useParams();
  return (
    <SiteWebhooks>
      <SiteWebhookEndpointSection endpointId={endpointId} />
    </SiteWebhooks>
  );
}
