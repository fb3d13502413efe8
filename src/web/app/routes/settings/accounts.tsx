import { LinkedAccountsSection } from "@/features/account/components/linked-accounts-section.js";
import { useSession } from "@/lib/api/session.js";

export default function SettingsAccountsRoute() {
  const { session } = useSession();
  return session ? <LinkedAccountsSection user={session.user} /> : null;
}
