import { Outlet, useParams } from "react-router";
import { OrganizationAdminReady } from "../../../features/organization-admin/components/organization-admin-ready.js";
import { OrganizationHeader } from "../../../features/organization-admin/components/organization-header.js";
import { OrganizationNav } from "../../../features/organization-admin/components/organization-nav.js";
import { OrganizationScope } from "../../../features/organization-admin/components/organization-scope.js";

/** /org/:slug/*: the organization (made active), its heading and sections. */
export default function OrganizationLayoutRoute() {
  const { slug = "" } = useParams();
  return (
    <OrganizationAdminReady>
      <OrganizationScope slug={slug}>
        <div className="grid gap-6">
          <OrganizationHeader />
          <OrganizationNav />
          <Outlet />
        </div>
      </OrganizationScope>
    </OrganizationAdminReady>
  );
}
