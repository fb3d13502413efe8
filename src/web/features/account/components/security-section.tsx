import { CircleCheck, Info } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { safeRedirect } from "@/lib/safe-redirect.js";
import { useMfaStatus } from "../api/two-factor.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { PasskeysCard } from "./passkeys-card.js";
import { TwoStepCard } from "./two-step-card.js";

/**
 * Settings → Security: two-step verification and passkeys. With ?redirectTo= (e.g. from an organization
 * that requires two-step verification), the page says why it was opened and leads back once it is on.
 */
export function SecuritySection() {
  const { t } = useSettingsTranslation();
  const [params] = useSearchParams();
  const raw = params.get("redirectTo");
  const redirectTo = raw ? safeRedirect(raw, "") : "";
  const status = useMfaStatus();
  const [justTurnedOn, setJustTurnedOn] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t("security.title"));
  const on = status.data?.twoFactor != null;

  return (
    <>
      {redirectTo &&
        (justTurnedOn || (on && !busy) ? (
          <Alert variant="success">
            <CircleCheck aria-hidden="true" />
            <AlertDescription>
              <p>{t("security.redirect.done")}</p>
              <div className="pt-2">
                <Button asChild>
                  <Link to={redirectTo}>{t("security.redirect.continue")}</Link>
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : status.data && !on ? (
          <Alert>
            <Info aria-hidden="true" />
            <AlertDescription>
              <p>{t("security.redirect.needed")}</p>
            </AlertDescription>
          </Alert>
        ) : null)}
      <TwoStepCard onTurnedOn={() => setJustTurnedOn(true)} onBusy={setBusy} />
      <PasskeysCard />
    </>
  );
}
