// @vitest-environment jsdom
import de from "../../src/web/features/sso-policy/locales/de.js";
import en from "../../src/web/features/sso-policy/locales/en.js";
import es from "../../src/web/features/sso-policy/locales/es.js";
import fr from "../../src/web/features/sso-policy/locales/fr.js";
import pl from "../../src/web/features/sso-policy/locales/pl.js";
import ru from "../../src/web/features/sso-policy/locales/ru.js";
import tr from "../../src/web/features/sso-policy/locales/tr.js";
import uk from "../../src/web/features/sso-policy/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The single sign-on policy (docs/sso.md "Who joins", "SSO required") in all eight languages: same keys, German formal.
describeFeatureLocales("sso-policy", { ru, uk, en, es, de, pl, fr, tr }, {});
