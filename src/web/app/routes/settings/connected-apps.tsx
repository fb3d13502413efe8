import { ConnectedApps } from "@/features/oauth/components/connected-apps.js";

export default function SettingsConnectedAppsRoute() {
  return <ConnectedApps />;
}
