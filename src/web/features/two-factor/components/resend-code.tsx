import { useMemo } from "react";
import { Button } from "@/components/ui/button.js";
import { useCountdown } from "@/hooks/use-countdown.js";
import { formatDuration } from "@/lib/format.js";
import { useTwoFactorTranslation } from "../hooks/use-two-factor-translation.js";

/** Seconds before another code may be sent: long enough for the first mail to arrive. */
const RESEND_AFTER_SECONDS = 30;

/** "Send a new code", available once the wait after the last code has run out. */
export function ResendCode({ sentAt, sending, onResend }: { sentAt: number; sending: boolean; onResend: () => void }) {
  const { t, i18n } = useTwoFactorTranslation();
  const until = useMemo(() => sentAt + RESEND_AFTER_SECONDS * 1000, [sentAt]);
  const left = useCountdown(until);
  return (
    <div className="grid gap-1 text-center text-sm">
      <Button variant="link" className="mx-auto h-auto p-0" disabled={left > 0} loading={sending} onClick={onResend}>
        {t("otp.resend")}
      </Button>
      {left > 0 && (
        <p className="text-muted-foreground" aria-hidden="true">
          {t("otp.resendIn", { duration: formatDuration(left, i18n.language) })}
        </p>
      )}
    </div>
  );
}
