import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** Holds a settings screen until its texts have arrived, so it never flashes message keys. */
export function SettingsReady({ children }: { children: ReactNode }) {
  const { ready } = useSettingsTranslation();
  const { t: appT } = useTranslation();
  if (!ready) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label={appT("common.loading")} />
      </div>
    );
  }
  return children;
}
