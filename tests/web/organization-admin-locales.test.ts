import { organizationAc } from "../../src/shared/permissions.js";
import de from "../../src/web/features/organization-admin/locales/de.js";
import en from "../../src/web/features/organization-admin/locales/en.js";
import es from "../../src/web/features/organization-admin/locales/es.js";
import fr from "../../src/web/features/organization-admin/locales/fr.js";
import pl from "../../src/web/features/organization-admin/locales/pl.js";
import ru from "../../src/web/features/organization-admin/locales/ru.js";
import tr from "../../src/web/features/organization-admin/locales/tr.js";
import uk from "../../src/web/features/organization-admin/locales/uk.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

const ROLES = ["owner", "admin", "member"];
// Every resource and action of the permission statements, in words (the Roles screen's checkboxes).
const STATEMENTS = organizationAc.statements as Record<string, readonly string[]>;
const ACTIONS = Object.entries(STATEMENTS).flatMap(([resource, actions]) => actions.map((a) => `${resource}.${a}`));

describeFeatureLocales(
  "organization-admin",
  { ru, uk, en, es, de, pl, fr, tr },
  {
    "roles.": ROLES,
    "roleDescriptions.": ROLES,
    "slug.": ["required", "format", "tooLong"],
    "metadata.": ["keyRequired", "duplicate"],
    "permissions.resources.": Object.keys(STATEMENTS),
    "permissions.actions.": ACTIONS,
  },
);
