import { organizationAc } from "@/shared/permissions.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

const ROLES = ["owner", "admin", "member"];
// Every resource and action of the permission statements, in words (the Roles screen's checkboxes).
const STATEMENTS = organizationAc.statements as Record<string, readonly string[]>;
const ACTIONS = Object.entries(STATEMENTS).flatMap(([resource, actions]) => actions.map((a) => `${resource}.${a}`));

await describeFeatureLocales(
  "organizations",
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
