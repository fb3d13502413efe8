import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** The settings area's heading (the one h1; each section's card is an h2). */
export function SettingsHeader() {
  const { t } = useSettingsTranslation();
  return (
    <div className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">{t("layout.title")}</h1>
      <p className="text-muted-foreground">{t("layout.description")}</p>
    </div>
  );
}
