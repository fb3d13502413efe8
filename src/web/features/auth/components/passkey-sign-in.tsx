import { KeyRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { useSubmit } from "@/hooks/use-submit.js";
import { useSession } from "@/lib/api/session.js";
import { ApiError } from "@/lib/api-error.js";
import {
  cancelPasskeyRequest,
  passkeyAutofillAvailable,
  passkeysSupported,
  signInWithPasskey,
} from "../api/sign-in-with-passkey.js";

/**
 * "Continue with a passkey", and where the browser can, the same offered in the e-mail field's autofill
 * (the field says `autocomplete="username webauthn"`); that waiting request ends when the page is left.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  // The button's request; the autofill's own failure is kept apart, and shown while it is the latest.
  const button = useSubmit(async () => {
    try {
      await signInWithPasskey();
      await signedIn();
    } catch (e) {
      // Signed in already: what failed after that is not the person's problem.
      if (!done.current) throw e;
    }
  });
  // The autofill's request; a cancellation (the page was left, or the button started its own request) is no failure.
  const autofill = useSubmit(async () => {
    waiting.current = true;
    try {
      await signInWithPasskey({ autofill: true });
      await signedIn();
    } catch (e) {
      if (mounted.current && !done.current && !(e instanceof ApiError && e.code === "AUTH_CANCELLED")) throw e;
    } finally {
      waiting.current = false;
    }
  });
  const mounted = useRef(true);
  const waiting = useRef(false);
  const done = useRef(false);
  // Which autofill request is current: one started by an earlier mount of the screen gives up before
  // asking for a challenge, since the engine keeps only the latest challenge per browser.
  const autofillRun = useRef(0);
  const { refetch } = useSession();

  // The session atom must hold the new session before leaving, or the next screen sees none.
  async function signedIn() {
    if (done.current) return;
    done.current = true;
    await refetch();
    if (mounted.current) onSignedIn();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once per visit of the screen.
  useEffect(() => {
    mounted.current = true;
    void startAutofill();
    return () => {
      mounted.current = false;
      autofillRun.current += 1;
      if (waiting.current) void cancelPasskeyRequest();
    };
  }, []);

  async function startAutofill() {
    const run = ++autofillRun.current;
    if (!(await passkeyAutofillAvailable()) || !mounted.current || run !== autofillRun.current) return;
    autofill.mutate();
  }

  if (!passkeysSupported()) return null;

  function signIn() {
    autofill.reset();
    button.mutateAsync().catch(() => void startAutofill());
  }
  // Signed in, the button keeps waiting until the next screen replaces this one.
  const pending = button.isPending || button.isSuccess;

  return (
    <div className="grid gap-3">
      <ApiErrorAlert error={autofill.error ?? button.error} />
      <Button variant="outline" className="w-full" loading={pending} onClick={signIn}>
        {!pending && <KeyRound aria-hidden="true" />}
        {pending ? t("signIn.passkeyWaiting") : t("signIn.passkey")}
      </Button>
    </div>
  );
}
