import { SecuritySection } from "../../../features/settings/components/security-section.js";

export default function SettingsSecurityRoute() {
  return <SecuritySection />;
}
