import { MyInvitations } from "../../../features/organization-admin/components/my-invitations.js";
import { OrganizationAdminReady } from "../../../features/organization-admin/components/organization-admin-ready.js";
import {
  OrganizationList,
  OrganizationsHeader,
} from "../../../features/organization-admin/components/organization-list.js";

/** /organizations: the user's organizations, invitations waiting for them, and creating one. */
export default function OrganizationsRoute() {
  return (
    <OrganizationAdminReady>
      <div className="grid gap-6">
        <OrganizationsHeader />
        <MyInvitations />
        <OrganizationList />
      </div>
    </OrganizationAdminReady>
  );
}
