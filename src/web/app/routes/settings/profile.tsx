import { LanguagePicker } from "../../../features/preferences/components/language-picker.js";
import { ThemeSelect } from "../../../features/preferences/components/theme-select.js";
import { PreferencesCard } from "../../../features/settings/components/preferences-card.js";
import { ProfileSection } from "../../../features/settings/components/profile-section.js";
import { useSession } from "../../../lib/session.js";

/** Name, picture, and the language (saved to the account) and theme (this device). */
export default function SettingsProfileRoute() {
  const { session } = useSession();
  if (!session) return null;
  return (
    <>
      <ProfileSection user={session.user} />
      <PreferencesCard>
        <LanguagePicker />
        <ThemeSelect />
      </PreferencesCard>
    </>
  );
}
