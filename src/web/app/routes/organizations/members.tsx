import { MembersSection } from "../../../features/organization-admin/components/members-section.js";

export default function OrganizationMembersRoute() {
  return <MembersSection />;
}
