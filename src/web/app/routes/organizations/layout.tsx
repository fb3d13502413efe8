import { Outlet, useParams } from "react-router";
import { OrganizationHeader } from "@/features/organizations/components/organization-header.js";
import { OrganizationNav } from "@/features/organizations/components/organization-nav.js";
import { OrganizationScope } from "@/features/organizations/components/organization-scope.js";
import { OrganizationsReady } from "@/features/organizations/components/organizations-ready.js";

/** /org/:slug/*: the organization (made active), its heading and sections. */
export default function OrganizationLayoutRoute() {
  const { slug = "" } = useParams();
  return (
    <OrganizationsReady>
      <OrganizationScope slug={slug}>
        <div className="grid gap-6">
          <OrganizationHeader />
          <OrganizationNav />
          <Outlet />
        </div>
      </OrganizationScope>
    </OrganizationsReady>
  );
}
