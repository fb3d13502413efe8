import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** Language and theme; the controls come from the route (they belong to the preferences feature). */
export function PreferencesCard({ children }: { children: ReactNode }) {
  const { t } = useSettingsTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("preferences.title")}</CardTitle>
        <CardDescription>{t("preferences.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-md gap-6">{children}</CardContent>
    </Card>
  );
}
