import de from "@/features/two-factor/locales/de.js";
import en from "@/features/two-factor/locales/en.js";
import es from "@/features/two-factor/locales/es.js";
import fr from "@/features/two-factor/locales/fr.js";
import pl from "@/features/two-factor/locales/pl.js";
import ru from "@/features/two-factor/locales/ru.js";
import tr from "@/features/two-factor/locales/tr.js";
import uk from "@/features/two-factor/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

const STEPS = ["totp", "backup", "otp"];
describeFeatureLocales(
  "two-factor",
  { ru, uk, en, es, de, pl, fr, tr },
  { "enter.": STEPS, "form.": STEPS, "instructions.": STEPS, "label.": STEPS },
);
