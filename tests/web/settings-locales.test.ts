import de from "../../src/web/features/settings/locales/de.js";
import en from "../../src/web/features/settings/locales/en.js";
import es from "../../src/web/features/settings/locales/es.js";
import fr from "../../src/web/features/settings/locales/fr.js";
import pl from "../../src/web/features/settings/locales/pl.js";
import ru from "../../src/web/features/settings/locales/ru.js";
import tr from "../../src/web/features/settings/locales/tr.js";
import uk from "../../src/web/features/settings/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

describeFeatureLocales(
  "settings",
  { ru, uk, en, es, de, pl, fr, tr },
  { "sessions.kind.": ["mobile", "tablet", "desktop"] },
);
