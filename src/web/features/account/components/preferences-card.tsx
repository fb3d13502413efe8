import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { LanguagePicker } from "./language-picker.js";
import { ThemeSelect } from "./theme-select.js";

/** Language (saved to the account) and theme (this device). */
export function PreferencesCard() {
  const { t } = useSettingsTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("preferences.title")}</CardTitle>
        <CardDescription>{t("preferences.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-md gap-6">
        <LanguagePicker />
        <ThemeSelect />
      </CardContent>
    </Card>
  );
}
