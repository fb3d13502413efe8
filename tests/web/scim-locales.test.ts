// @vitest-environment jsdom
import de from "@/features/scim/locales/de.js";
import en from "@/features/scim/locales/en.js";
import es from "@/features/scim/locales/es.js";
import fr from "@/features/scim/locales/fr.js";
import pl from "@/features/scim/locales/pl.js";
import ru from "@/features/scim/locales/ru.js";
import tr from "@/features/scim/locales/tr.js";
import uk from "@/features/scim/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

// The Provisioning (SCIM) screen (docs/scim.md) in all eight languages: same keys, German formal.
describeFeatureLocales(
  "scim",
  { ru, uk, en, es, de, pl, fr, tr },
  { "status.": ["active", "expired", "revoked", "decommissioned"] },
);
