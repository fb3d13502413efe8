import { RolesSection } from "../../../features/organization-admin/components/roles-section.js";

export default function OrganizationRolesRoute() {
  return <RolesSection />;
}
