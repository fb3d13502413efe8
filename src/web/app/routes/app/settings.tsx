import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { LanguagePicker } from "../../../features/preferences/components/language-picker.js";
import { ThemeSelect } from "../../../features/preferences/components/theme-select.js";
import { useDocumentTitle } from "../../../hooks/use-document-title.js";

export default function SettingsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("settings.title"));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings.title")}</CardTitle>
        <CardDescription>{t("settings.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-md gap-6">
        <LanguagePicker />
        <ThemeSelect />
      </CardContent>
    </Card>
  );
}
