import de from "@/features/invitations/locales/de.js";
import en from "@/features/invitations/locales/en.js";
import es from "@/features/invitations/locales/es.js";
import fr from "@/features/invitations/locales/fr.js";
import pl from "@/features/invitations/locales/pl.js";
import ru from "@/features/invitations/locales/ru.js";
import tr from "@/features/invitations/locales/tr.js";
import uk from "@/features/invitations/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

describeFeatureLocales("invitations", { ru, uk, en, es, de, pl, fr, tr }, {});
