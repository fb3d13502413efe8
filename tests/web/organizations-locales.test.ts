import de from "@/features/organizations/locales/de.js";
import en from "@/features/organizations/locales/en.js";
import es from "@/features/organizations/locales/es.js";
import fr from "@/features/organizations/locales/fr.js";
import pl from "@/features/organizations/locales/pl.js";
import ru from "@/features/organizations/locales/ru.js";
import tr from "@/features/organizations/locales/tr.js";
import uk from "@/features/organizations/locales/uk.js";
import { organizationAc } from "../../src/shared/permissions.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

const ROLES = ["owner", "admin", "member"];
// Every resource and action of the permission statements, in words (the Roles screen's checkboxes).
const STATEMENTS = organizationAc.statements as Record<string, readonly string[]>;
const ACTIONS = Object.entries(STATEMENTS).flatMap(([resource, actions]) => actions.map((a) => `${resource}.${a}`));

describeFeatureLocales(
  "organizations",
  { ru, uk, en, es, de, pl, fr, tr },
  {
    "roles.": ROLES,
    "roleDescriptions.": ROLES,
    "slug.": ["required", "format", "tooLong"],
    "metadata.": ["keyRequired", "duplicate"],
    "permissions.resources.": Object.keys(STATEMENTS),
    "permissions.actions.": ACTIONS,
  },
  // The home page's files ask their own namespace (organizations-home-locales.test.ts).
  { uses: (source) => !source.includes("useHomeTranslation") },
);
