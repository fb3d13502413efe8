import { TeamsSection } from "../../../features/organization-admin/components/teams-section.js";

export default function OrganizationTeamsRoute() {
  return <TeamsSection />;
}
