// @vitest-environment jsdom
import de from "@/features/sso-policy/locales/de.js";
import en from "@/features/sso-policy/locales/en.js";
import es from "@/features/sso-policy/locales/es.js";
import fr from "@/features/sso-policy/locales/fr.js";
import pl from "@/features/sso-policy/locales/pl.js";
import ru from "@/features/sso-policy/locales/ru.js";
import tr from "@/features/sso-policy/locales/tr.js";
import uk from "@/features/sso-policy/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The single sign-on policy (docs/sso.md "Who joins", "SSO required") in all eight languages: same keys, German formal.
describeFeatureLocales("sso-policy", { ru, uk, en, es, de, pl, fr, tr }, {});
