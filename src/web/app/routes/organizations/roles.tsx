import { RolesSection } from "@/features/organizations/components/roles-section.js";

export default function OrganizationRolesRoute() {
  return <RolesSection />;
}
