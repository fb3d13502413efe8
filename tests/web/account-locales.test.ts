import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The account feature's one namespace ("settings"); its app-wide controls (language, theme, user menu) use appT.
await describeFeatureLocales(
  "account",
  { "sessions.kind.": ["mobile", "tablet", "desktop"] },
  { appDynamic: { "theme.": ["system", "light", "dark"] } },
);
