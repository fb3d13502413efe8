import { InvitationsSection } from "../../../features/organization-admin/components/invitations-section.js";

export default function OrganizationInvitationsRoute() {
  return <InvitationsSection />;
}
