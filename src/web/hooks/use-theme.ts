import { useEffect, useState } from "react";
import { getThemePreference, resolveTheme, setThemePreference, type ThemePreference } from "../lib/theme.js";

/** The theme preference and what it resolves to now; re-renders when either changes anywhere in the app. */
export function useTheme() {
  const [preference, setPreference] = useState<ThemePreference>(getThemePreference);
  const [resolved, setResolved] = useState(() => resolveTheme(getThemePreference()));
  useEffect(() => {
    const sync = () => {
      const p = getThemePreference();
      setPreference(p);
      setResolved(resolveTheme(p));
    };
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    window.addEventListener("tessera:theme", sync);
    media.addEventListener("change", sync);
    return () => {
      window.removeEventListener("tessera:theme", sync);
      media.removeEventListener("change", sync);
    };
  }, []);
  return { preference, resolved, setPreference: setThemePreference };
}
