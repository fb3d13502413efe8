import { TeamsSection } from "@/features/organizations/components/teams-section.js";

export default function OrganizationTeamsRoute() {
  return <TeamsSection />;
}
