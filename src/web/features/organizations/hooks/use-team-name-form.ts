import { useForm } from "@/hooks/use-form.js";
import { NAME_MAX } from "../utils/limits.js";
import { useOrgTranslation } from "./use-org-translation.js";

/**
 * A team's name (creating a team, renaming one): checked on submit only, the message staying until the
 * next try; the focus stays where it is.
 */
export function useTeamNameForm(name: string) {
  const { t } = useOrgTranslation();
  return useForm({
    defaults: { name },
    validate: {
      // docs/behaviour.md#teams: a team name has at least one character.
      name: (value) =>
        !value.trim()
          ? t("teams.nameRequired")
          : value.trim().length > NAME_MAX
            ? t("teams.nameTooLong", { count: NAME_MAX })
            : undefined,
    },
    revalidate: "submit",
    focusInvalid: false,
  });
}
