import { AlertCircle } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCountdown } from "@/hooks/use-countdown.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { ApiError } from "@/lib/api-error.js";
import { Alert, AlertDescription } from "../ui/alert.js";

/** When a 429's wait ends (ms timestamp), or undefined for any other error. */
function waitUntil(error: unknown): number | undefined {
  return error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined
    ? Date.now() + error.retryAfter * 1000
    : undefined;
}

/** While a 429's wait runs, the seconds left; 0 when there is nothing to wait for. */
export function useRateLimitWait(error: unknown): number {
  const until = useMemo(() => waitUntil(error), [error]);
  return useCountdown(until);
}

/**
 * A failed call, translated. A 429 counts down the wait from X-Retry-After on screen; screen readers
 * hear the wait once (a live region re-announcing every second would drown everything else).
 */
export function ApiErrorAlert({ error, className }: { error: unknown; className?: string }) {
  // Nothing asked of the error messages until there is an error (the first-visit budget).
  return error ? <ShownError error={error} className={className} /> : null;
}

function ShownError({ error, className }: { error: unknown; className?: string }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const left = useRateLimitWait(error);
  const countdown = error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined;
  const message = describeError(error);
  return (
    <Alert variant="destructive" className={className}>
      <AlertCircle aria-hidden="true" />
      <AlertDescription>
        {countdown ? (
          <>
            <p aria-hidden="true">{left > 0 ? describeError(error, left) : t("errorStatus.rateLimitOver")}</p>
            <p className="sr-only">{message}</p>
          </>
        ) : (
          <p>{message}</p>
        )}
      </AlertDescription>
    </Alert>
  );
}
