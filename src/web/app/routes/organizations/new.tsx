import { CreateOrganizationForm } from "@/features/organizations/components/create-organization-form.js";
import { OrganizationsReady } from "@/features/organizations/components/organizations-ready.js";

export default function NewOrganizationRoute() {
  return (
    <OrganizationsReady>
      <CreateOrganizationForm />
    </OrganizationsReady>
  );
}
