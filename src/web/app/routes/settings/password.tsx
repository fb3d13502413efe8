import { PasswordSection } from "@/features/account/components/password-section.js";
import { useSession } from "@/lib/api/session.js";

export default function SettingsPasswordRoute() {
  const { session } = useSession();
  return session ? <PasswordSection user={session.user} /> : null;
}
