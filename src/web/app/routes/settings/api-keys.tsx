import { ApiKeysScreen } from "@/features/api-keys/components/api-keys-screen.js";

/** /settings/api-keys: the user's own API keys. */
export default function SettingsApiKeysRoute() {
  return <ApiKeysScreen />;
}
