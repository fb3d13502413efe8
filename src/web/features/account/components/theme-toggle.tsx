import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button.js";
import { useTheme } from "@/hooks/use-theme.js";

/** One button between light and dark; until pressed, the system setting decides. */
export function ThemeToggle() {
  const { t: appT } = useTranslation();
  const { resolved, setPreference } = useTheme();
  const next = resolved === "dark" ? "light" : "dark";
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setPreference(next)}
      aria-label={next === "dark" ? appT("theme.switchToDark") : appT("theme.switchToLight")}
      title={next === "dark" ? appT("theme.switchToDark") : appT("theme.switchToLight")}
    >
      {resolved === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
