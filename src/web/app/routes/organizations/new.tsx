import { CreateOrganizationForm } from "../../../features/organization-admin/components/create-organization-form.js";
import { OrganizationAdminReady } from "../../../features/organization-admin/components/organization-admin-ready.js";

export default function NewOrganizationRoute() {
  return (
    <OrganizationAdminReady>
      <CreateOrganizationForm />
    </OrganizationAdminReady>
  );
}
