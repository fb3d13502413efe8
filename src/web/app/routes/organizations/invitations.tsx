import { InvitationsSection } from "@/features/organizations/components/invitations-section.js";

export default function OrganizationInvitationsRoute() {
  return <InvitationsSection />;
}
