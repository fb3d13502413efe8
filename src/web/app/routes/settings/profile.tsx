import { PreferencesCard } from "@/features/account/components/preferences-card.js";
import { ProfileSection } from "@/features/account/components/profile-section.js";
import { useSession } from "@/lib/api/session.js";

/** Name, picture, and the language (saved to the account) and theme (this device). */
export default function SettingsProfileRoute() {
  const { session } = useSession();
  if (!session) return null;
  return (
    <>
      <ProfileSection user={session.user} />
      <PreferencesCard />
    </>
  );
}
