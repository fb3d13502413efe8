import { SessionsSection } from "../../../features/settings/components/sessions-section.js";

export default function SettingsSessionsRoute() {
  return <SessionsSection />;
}
