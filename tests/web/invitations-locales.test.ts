import de from "../../src/web/features/invitations/locales/de.js";
import en from "../../src/web/features/invitations/locales/en.js";
import es from "../../src/web/features/invitations/locales/es.js";
import fr from "../../src/web/features/invitations/locales/fr.js";
import pl from "../../src/web/features/invitations/locales/pl.js";
import ru from "../../src/web/features/invitations/locales/ru.js";
import tr from "../../src/web/features/invitations/locales/tr.js";
import uk from "../../src/web/features/invitations/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

describeFeatureLocales("invitations", { ru, uk, en, es, de, pl, fr, tr }, {});
