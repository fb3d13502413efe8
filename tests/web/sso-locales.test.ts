// @vitest-environment jsdom
import de from "@/features/sso/locales/de.js";
import en from "@/features/sso/locales/en.js";
import es from "@/features/sso/locales/es.js";
import fr from "@/features/sso/locales/fr.js";
import pl from "@/features/sso/locales/pl.js";
import ru from "@/features/sso/locales/ru.js";
import tr from "@/features/sso/locales/tr.js";
import uk from "@/features/sso/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The Single sign-on screen (docs/sso.md) in all eight languages: same keys, German formal.
describeFeatureLocales("sso", { ru, uk, en, es, de, pl, fr, tr }, {});
