import { useOrganizationScope } from "@/features/organizations/hooks/organization-scope-context.js";
import { OrganizationWebhooksSection } from "@/features/webhooks/components/sections.js";
import { OrganizationWebhooks } from "./scope.js";

/** /org/:slug/webhooks: the organization's endpoints. */
export default function OrganizationWebhooksRoute() {
  const { organization } = useOrganizationScope();
  return (
    <OrganizationWebhooks>
      <OrganizationWebhooksSection name={organization.name} />
    </OrganizationWebhooks>
  );
}
