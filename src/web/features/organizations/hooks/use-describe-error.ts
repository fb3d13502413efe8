import { useErrorMessage } from "@/hooks/use-error-message.js";
import { ApiError } from "@/lib/api-error.js";
import { useOrgTranslation } from "./use-org-translation.js";

/**
 * A refused call in the user's language: the app's translation of the engine's message (docs/behaviour.md#error-codes),
 * followed, where the bare message would leave people stuck, by what it means here and what to do.
 */
export function useDescribeError() {
  const { t } = useOrgTranslation();
  const describe = useErrorMessage();
  const hint = (code: string | undefined) => {
    switch (code) {
      case "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED":
        return t("errors.membershipLimitHint");
      case "TEAM_MEMBER_LIMIT_REACHED":
        return t("errors.teamMemberLimitHint");
      case "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER":
      case "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER":
        return t("errors.onlyOwnerHint");
      case "UNABLE_TO_REMOVE_LAST_TEAM":
        return t("errors.lastTeamHint");
      case "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM":
        return t("errors.ownTeamHint");
      case "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION":
        return t("errors.alreadyInvitedHint");
      case "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS":
        return t("errors.organizationLimitHint");
      default:
        return undefined;
    }
  };
  return (error: unknown) => {
    const message = describe(error);
    const extra = error instanceof ApiError ? hint(error.code) : undefined;
    return extra ? `${message} ${extra}` : message;
  };
}
