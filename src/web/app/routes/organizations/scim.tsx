import { useOrganizationScope } from "@/features/organizations/hooks/organization-scope-context.js";
import { ScimSection } from "@/features/scim/components/scim-section.js";

/** /org/:slug/scim: the organization's SCIM provisioning (docs/scim.md). */
export default function OrganizationScimRoute() {
  const { organization } = useOrganizationScope();
  return <ScimSection organizationId={organization.id} name={organization.name} />;
}
