import type { TFunction } from "i18next";
import type { SlugStatus } from "../hooks/use-slug-availability.js";
import { NAME_MAX } from "./limits.js";
import { entryProblems, type MetadataEntry } from "./metadata.js";
import { slugProblem } from "./slug.js";

/**
 * The name, address and metadata checks shared by the create and settings forms (use-form validators).
 * `slugStatus` is read when a check runs: the availability is known only after the form's values.
 */
export function organizationChecks(t: TFunction, slugStatus: () => SlugStatus) {
  return {
    name: (name: string) =>
      !name.trim()
        ? t("validation.nameRequired")
        : name.trim().length > NAME_MAX
          ? t("validation.nameTooLong", { count: NAME_MAX })
          : undefined,
    slug: (slug: string) => {
      const problem = slugProblem(slug);
      return problem ? t(`slug.${problem}`) : slugStatus() === "taken" ? t("slug.taken", { slug }) : undefined;
    },
    // Said at each entry by the metadata editor.
    metadata: (metadata: MetadataEntry[]) => (entryProblems(metadata).some(Boolean) ? "invalid" : undefined),
  };
}
