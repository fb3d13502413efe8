import de from "@/features/organizations/locales/home/de.js";
import en from "@/features/organizations/locales/home/en.js";
import es from "@/features/organizations/locales/home/es.js";
import fr from "@/features/organizations/locales/home/fr.js";
import pl from "@/features/organizations/locales/home/pl.js";
import ru from "@/features/organizations/locales/home/ru.js";
import tr from "@/features/organizations/locales/home/tr.js";
import uk from "@/features/organizations/locales/home/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The home page's own namespace inside the organizations feature: the files that ask useHomeTranslation.
describeFeatureLocales(
  "organizations",
  { ru, uk, en, es, de, pl, fr, tr },
  {},
  { name: "home", uses: (source) => source.includes("useHomeTranslation") },
);
