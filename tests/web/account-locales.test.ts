import de from "@/features/account/locales/de.js";
import en from "@/features/account/locales/en.js";
import es from "@/features/account/locales/es.js";
import fr from "@/features/account/locales/fr.js";
import pl from "@/features/account/locales/pl.js";
import ru from "@/features/account/locales/ru.js";
import tr from "@/features/account/locales/tr.js";
import uk from "@/features/account/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The account feature's one namespace ("settings"); its app-wide controls (language, theme, user menu) use appT.
describeFeatureLocales(
  "account",
  { ru, uk, en, es, de, pl, fr, tr },
  { "sessions.kind.": ["mobile", "tablet", "desktop"] },
  { appDynamic: { "theme.": ["system", "light", "dark"] } },
);
