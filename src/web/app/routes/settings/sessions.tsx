import { SessionsSection } from "@/features/account/components/sessions-section.js";

export default function SettingsSessionsRoute() {
  return <SessionsSection />;
}
