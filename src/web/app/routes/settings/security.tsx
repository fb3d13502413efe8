import { SecuritySection } from "@/features/account/components/security-section.js";

export default function SettingsSecurityRoute() {
  return <SecuritySection />;
}
