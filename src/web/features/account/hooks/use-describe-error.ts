import { useErrorMessage } from "@/hooks/use-error-message.js";
import { ApiError } from "@/lib/api-error.js";
import { useSettingsTranslation } from "./use-settings-translation.js";

/**
 * A failed call in the user's language: this feature's wording where it has more to say (what to do
 * next), the app's error messages for everything else. "Email is the same" comes without a code.
 */
export function useDescribeError() {
  const { t } = useSettingsTranslation();
  const describe = useErrorMessage();
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.code === "SESSION_NOT_FOUND") return t("errors.sessionNotFound");
      if (error.code === "SESSION_NOT_FRESH" || error.code === "SESSION_EXPIRED") return t("errors.signInAgain");
      if (error.message === "Email is the same") return t("email.same");
    }
    return describe(error);
  };
}

/** Whether the server asked for a recent sign-in (docs/behaviour.md#sessions "Session is not fresh", docs/behaviour.md#error-codes "Session expired…"). */
export function needsFreshSignIn(error: unknown): boolean {
  return error instanceof ApiError && (error.code === "SESSION_NOT_FRESH" || error.code === "SESSION_EXPIRED");
}
