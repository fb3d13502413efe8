// @vitest-environment jsdom
import de from "../../src/web/features/sso/locales/de.js";
import en from "../../src/web/features/sso/locales/en.js";
import es from "../../src/web/features/sso/locales/es.js";
import fr from "../../src/web/features/sso/locales/fr.js";
import pl from "../../src/web/features/sso/locales/pl.js";
import ru from "../../src/web/features/sso/locales/ru.js";
import tr from "../../src/web/features/sso/locales/tr.js";
import uk from "../../src/web/features/sso/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The Single sign-on screen (docs/sso.md) in all eight languages: same keys, German formal.
describeFeatureLocales("sso", { ru, uk, en, es, de, pl, fr, tr }, {});
