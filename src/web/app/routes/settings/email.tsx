import { EmailSection } from "@/features/account/components/email-section.js";
import { useSession } from "@/lib/api/session.js";

export default function SettingsEmailRoute() {
  const { session } = useSession();
  return session ? <EmailSection user={session.user} /> : null;
}
