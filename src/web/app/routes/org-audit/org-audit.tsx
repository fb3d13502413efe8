import { OrganizationAuditSection } from "@/features/audit/components/organization-audit-section.js";
import { useOrganizationScope } from "@/features/organizations/hooks/organization-scope-context.js";

/** /org/:slug/audit, inside the organization's screens (which resolve the slug for members only). */
export default function OrganizationAuditRoute() {
  const { organization } = useOrganizationScope();
  return <OrganizationAuditSection organization={organization} />;
}
