import { useOrganizationScope } from "../../../features/organization-admin/hooks/organization-scope-context.js";
import { SsoSection } from "../../../features/sso/components/sso-section.js";

/** /org/:slug/sso: the organization's verified domain (docs/sso.md). */
export default function OrganizationSsoRoute() {
  const { organization } = useOrganizationScope();
  return <SsoSection organizationId={organization.id} name={organization.name} />;
}
