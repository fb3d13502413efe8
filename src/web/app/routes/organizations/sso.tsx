import { useOrganizationScope } from "@/features/organizations/hooks/organization-scope-context.js";
import { PolicySection } from "@/features/sso/components/policy-section.js";
import { SsoSection } from "@/features/sso/components/sso-section.js";

/** /org/:slug/sso: the organization's verified domain, its identity provider and its policy (docs/sso.md). */
export default function OrganizationSsoRoute() {
  const { organization } = useOrganizationScope();
  return (
    <div className="grid gap-6">
      <SsoSection organizationId={organization.id} name={organization.name} />
      <PolicySection organizationId={organization.id} />
    </div>
  );
}
