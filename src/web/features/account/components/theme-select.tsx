import { useId } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/components/ui/native-select.js";
import { useTheme } from "@/hooks/use-theme.js";
import type { ThemePreference } from "@/lib/theme.js";

const OPTIONS: ThemePreference[] = ["system", "light", "dark"];

/** Light, dark, or follow the system: kept on this device. */
export function ThemeSelect() {
  const { t: appT } = useTranslation();
  const { preference, setPreference } = useTheme();
  const id = useId();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {appT("theme.label")}
      </label>
      <NativeSelect id={id} value={preference} onChange={(e) => setPreference(e.target.value as ThemePreference)}>
        {OPTIONS.map((o) => (
          <option key={o} value={o}>
            {appT(`theme.${o}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
