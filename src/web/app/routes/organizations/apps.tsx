import { ClientsScreen } from "@/features/oauth/components/clients-screen.js";
import { useOrganizationScope } from "@/features/organizations/hooks/organization-scope-context.js";

/** /org/:slug/apps: the organization's own OAuth / OpenID Connect clients (owners and admins; the server checks every call). */
export default function OrganizationAppsRoute() {
  const { organization } = useOrganizationScope();
  return <ClientsScreen organization={{ id: organization.id, name: organization.name }} />;
}
