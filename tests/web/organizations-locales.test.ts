import de from "../../src/web/features/organizations/locales/de.js";
import en from "../../src/web/features/organizations/locales/en.js";
import es from "../../src/web/features/organizations/locales/es.js";
import fr from "../../src/web/features/organizations/locales/fr.js";
import pl from "../../src/web/features/organizations/locales/pl.js";
import ru from "../../src/web/features/organizations/locales/ru.js";
import tr from "../../src/web/features/organizations/locales/tr.js";
import uk from "../../src/web/features/organizations/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

describeFeatureLocales("organizations", { ru, uk, en, es, de, pl, fr, tr }, {});
