// Applies the stored or system theme before first paint (an external file: the CSP forbids inline scripts).
(() => {
  let dark = window.matchMedia("(prefers-color-scheme: dark)").matches;
  try {
    const stored = localStorage.getItem("tessera.theme");
    if (stored === "light" || stored === "dark") dark = stored === "dark";
  } catch {}
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
})();
