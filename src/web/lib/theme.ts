/** Light, dark, or whatever the system prefers; kept in localStorage, applied as the `dark` class on <html>. */
export type ThemePreference = "light" | "dark" | "system";

/** Must match public/theme-init.js, which applies the theme before first paint. */
const THEME_STORAGE_KEY = "tessera.theme";

const media = () => window.matchMedia("(prefers-color-scheme: dark)");

export function getThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

export function resolveTheme(preference: ThemePreference): "light" | "dark" {
  if (preference !== "system") return preference;
  return media().matches ? "dark" : "light";
}

function applyTheme(preference: ThemePreference) {
  const dark = resolveTheme(preference) === "dark";
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

export function setThemePreference(preference: ThemePreference) {
  try {
    if (preference === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyTheme(preference);
  window.dispatchEvent(new CustomEvent("tessera:theme", { detail: preference }));
}

/** Follows the system setting while the preference is "system". */
export function watchSystemTheme(): () => void {
  const m = media();
  const onChange = () => {
    if (getThemePreference() === "system") applyTheme("system");
  };
  m.addEventListener("change", onChange);
  return () => m.removeEventListener("change", onChange);
}
