import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.js";
import { paths } from "../../../config/paths.js";
import { useErrorMessage } from "../../../hooks/use-error-message.js";
import { signOut } from "../../../lib/sign-out.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** For actions that need a recent sign-in: signs out, then sign-in brings the user straight back here. */
export function SignInAgainButton() {
  const { t } = useSettingsTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const describeError = useErrorMessage();
  return (
    <Button
      variant="outline"
      loading={pending}
      onClick={async () => {
        setPending(true);
        try {
          await signOut(navigate, paths.signIn.getHref(`${location.pathname}${location.search}`));
        } catch (e) {
          // Still signed in (e.g. SESSION_STORE_UNAVAILABLE): say so, and the button is the retry.
          toast.error(describeError(e));
        } finally {
          setPending(false);
        }
      }}
    >
      {t("reauth.signInAgain")}
    </Button>
  );
}
