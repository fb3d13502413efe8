import { ApiKeysScreen } from "@/features/api-keys/components/api-keys-screen.js";
import { useOrganizationScope } from "@/features/organizations/hooks/organization-scope-context.js";

/** /org/:slug/api-keys: the organization's API keys (owners and admins; the server checks every call). */
export default function OrganizationApiKeysRoute() {
  const { organization } = useOrganizationScope();
  return <ApiKeysScreen organizationId={organization.id} organizationName={organization.name} />;
}
