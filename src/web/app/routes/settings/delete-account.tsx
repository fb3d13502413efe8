import { DeleteAccountSection } from "@/features/account/components/delete-account-section.js";
import { useSession } from "@/lib/api/session.js";

export default function SettingsDeleteAccountRoute() {
  const { session } = useSession();
  return session ? <DeleteAccountSection user={session.user} /> : null;
}
