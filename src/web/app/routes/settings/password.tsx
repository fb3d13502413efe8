import { PasswordSection } from "@/features/account/components/password-section.js";
import { useSession } from "@/lib/session.js";

export default function SettingsPasswordRoute() {
  const { session } = useSession();
  return session ? <PasswordSection user={session.user} /> : null;
}
