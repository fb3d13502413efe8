import { MembersSection } from "@/features/organizations/components/members-section.js";

export default function OrganizationMembersRoute() {
  return <MembersSection />;
}
