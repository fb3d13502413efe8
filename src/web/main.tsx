import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.js";
import { initI18n, prefetchErrorMessages } from "./lib/i18n.js";
import "./index.css";

// The language's messages load before the first render, so no screen ever flashes untranslated keys.
void initI18n().then(() => {
  const root = document.getElementById("root");
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
  prefetchErrorMessages();
});
