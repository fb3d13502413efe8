import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { paths } from "@/config/paths.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useSignOutTo } from "../api/sessions.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** For actions that need a recent sign-in: signs out, then sign-in brings the user straight back here. */
export function SignInAgainButton() {
  const { t } = useSettingsTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const describeError = useErrorMessage();
  // Still signed in after a failure (e.g. SESSION_STORE_UNAVAILABLE): say so, and the button is the retry.
  const signOut = useSignOutTo(navigate, { onError: (e) => void toast.error(describeError(e)) });
  return (
    <Button
      variant="outline"
      loading={signOut.isPending}
      onClick={() => signOut.mutate(paths.signIn.getHref(`${location.pathname}${location.search}`))}
    >
      {t("reauth.signInAgain")}
    </Button>
  );
}
