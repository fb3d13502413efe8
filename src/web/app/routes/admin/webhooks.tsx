import { SiteWebhooksSection } from "@/features/webhooks/components/sections.js";
import { SiteWebhooks } from "./webhooks-scope.js";

export default function AdminWebhooksRoute() {
  return (
    <SiteWebhooks>
      <SiteWebhooksSection />
    </SiteWebhooks>
  );
}
