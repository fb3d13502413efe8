import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert, useRateLimitWait } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { useSubmit } from "@/hooks/use-submit.js";
import { cn } from "@/lib/cn.js";
import { sendVerificationEmail } from "../api/send-verification-email.js";

/**
 * "Send the link again". After a 429 the button stays disabled and the alert counts down
 * the X-Retry-After wait, so nobody hammers a rate-limited endpoint.
 */
export function ResendVerification({
  email,
  callbackURL,
  send = sendVerificationEmail,
  className,
  sendAtOnce = false,
}: {
  email: string;
  callbackURL?: string;
  send?: (email: string, callbackURL?: string) => Promise<unknown>;
  className?: string;
  /** Sends when shown (the person just asked for a link); the button then sends it again. */
  sendAtOnce?: boolean;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(0);
  const {
    mutate: resend,
    isPending,
    error,
  } = useSubmit(async () => {
    await send(email, callbackURL);
    setSent((n) => n + 1);
  });
  const wait = useRateLimitWait(error);

  const sentAtOnce = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when shown.
  useEffect(() => {
    if (!sendAtOnce || sentAtOnce.current) return;
    sentAtOnce.current = true;
    resend();
  }, []);

  return (
    <div className={cn("grid gap-3", className)}>
      <ApiErrorAlert error={error} />
      {sent > 0 && !error && (
        <p role="status" className="text-sm text-success">
          {t("verification.resent", { email })}
        </p>
      )}
      <Button variant="outline" onClick={() => resend()} loading={isPending} disabled={wait > 0}>
        {t("verification.resend")}
      </Button>
    </div>
  );
}
