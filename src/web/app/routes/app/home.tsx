import { CONSOLE_PERMISSIONS, useSitePermission } from "@/features/admin/api/admin-access.js";
import { HomeScreen } from "@/features/organizations/components/home-screen.js";
import { MyInvitations } from "@/features/organizations/components/my-invitations.js";
import { useOrgTranslation } from "@/features/organizations/hooks/use-org-translation.js";
import { usePublicConfig } from "@/lib/public-config.js";

/** The home screen, with the invitations of the organization screens and who may create an organization. */
export default function HomeRoute() {
  return <HomeScreen invitations={<HomeInvitations />} mayCreateOrganization={useMayCreateOrganization()} />;
}

/** Invitations waiting for the user, once the organization texts have arrived (nothing while they load). */
function HomeInvitations() {
  const { ready } = useOrgTranslation();
  return ready ? <MyInvitations /> : null;
}

/**
 * Whether to offer "Create organization": ORGANIZATION_CREATORS from the public config, and for
 * "admins" whether the server counts the user as a site admin. The server still decides each creation.
 */
function useMayCreateOrganization(): boolean {
  const { config } = usePublicConfig();
  const admin = useSitePermission(CONSOLE_PERMISSIONS, config.organizationCreators === "admins");
  if (config.organizationCreators === "everyone") return true;
  return config.organizationCreators === "admins" && admin.data === true;
}
