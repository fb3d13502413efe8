import { MyInvitations } from "@/features/organizations/components/my-invitations.js";
import { OrganizationList, OrganizationsHeader } from "@/features/organizations/components/organization-list.js";
import { OrganizationsReady } from "@/features/organizations/components/organizations-ready.js";

/** /organizations: the user's organizations, invitations waiting for them, and creating one. */
export default function OrganizationsRoute() {
  return (
    <OrganizationsReady>
      <div className="grid gap-6">
        <OrganizationsHeader />
        <MyInvitations />
        <OrganizationList />
      </div>
    </OrganizationsReady>
  );
}
