import type { TFunction } from "i18next";
import { CircleAlert, MailCheck } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { Label } from "@/components/ui/label.js";
import { paths } from "@/config/paths.js";
import { useForm } from "@/hooks/use-form.js";
import { useSubmit } from "@/hooks/use-submit.js";
import { ApiError } from "@/lib/api-error.js";
import { type SecondStep, type SecondStepCalls, type StepInput, secondStep } from "../api/verify.js";
import { useTwoFactorTranslation } from "../hooks/use-two-factor-translation.js";
import { ResendCode } from "./resend-code.js";

export interface TwoFactorChallengeProps {
  /** Where to go once signed in (already checked to be a same-origin path). */
  redirectTo: string;
  /** The engine's `twoFactorMethods` ("totp", "otp"); both when the sign-in did not say. */
  methods: readonly string[];
  onSignedIn: () => void;
  /** The engine's calls, unless a test supplies the server's answers. */
  calls?: SecondStepCalls;
}

/** Answers that end this sign-in attempt: the challenge is gone, start again from the password. */
const EXPIRED = new Set(["INVALID_TWO_FACTOR_COOKIE"]);
/** Answers about the code typed: clear it and let the user type another. */
const WRONG_CODE = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE"]);

/**
 * The second step of sign-in: the authenticator app's code, a backup code, or a code by e-mail, and
 * "trust this device". Wrong codes, an expired challenge, and a locked account each say what to do next.
 */
export function TwoFactorChallenge({ redirectTo, methods, onSignedIn, calls = secondStep }: TwoFactorChallengeProps) {
  const { t } = useTwoFactorTranslation();
  const [offered, setOffered] = useState(() => (methods.length ? methods : ["totp", "otp"]));
  const hasApp = offered.includes("totp");
  const hasMail = offered.includes("otp");
  const [mode, setMode] = useState<SecondStep>(hasApp ? "totp" : "otp");
  const [ended, setEnded] = useState(false);
  const [sentAt, setSentAt] = useState<number | null>(null);
  // The sign-in's second step, like its first, does without TanStack Query (ADR 016): useSubmit.
  const send = useSubmit(() => calls.sendCode());
  const verify = useSubmit((input: StepInput) => calls[mode](input));
  // One error line for both calls; each call clears the other's error as it starts.
  const error = verify.error ?? send.error;
  const trustId = useId();
  const form = useForm({
    defaults: { code: "", trustDevice: false },
    validate: { code: (v) => (v.trim() ? undefined : t(`enter.${mode}`)) },
  });
  const autoSent = useRef(false);

  async function sendCode() {
    verify.reset();
    try {
      await send.mutateAsync();
      setSentAt(Date.now());
      setMode("otp");
      form.clear("code");
    } catch (e) {
      followError(e);
    }
  }

  // Without an authenticator app, the e-mail is the only way: send the code at once (once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render.
  useEffect(() => {
    if (!hasApp && hasMail && !autoSent.current) {
      autoSent.current = true;
      void sendCode();
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the chosen way.
  useEffect(() => {
    form.focus("code");
  }, [mode]);

  /** What an answer changes beyond its message: the attempt ended, or no authenticator app after all. */
  function followError(e: unknown) {
    if (!(e instanceof ApiError)) return;
    if (EXPIRED.has(e.code ?? "")) setEnded(true);
    // Too many wrong codes for this challenge: the engine has ended it (app and backup codes) or only
    // the e-mailed code (a new one can be sent).
    if (e.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" && mode !== "otp") setEnded(true);
    if (e.code === "TOTP_NOT_ENABLED") {
      setOffered(["otp"]);
      setMode("otp");
    }
  }

  const onSubmit = form.handleSubmit(async ({ code, trustDevice }) => {
    send.reset();
    const cleaned = mode === "backup" ? code.trim() : code.replace(/\s+/g, "");
    try {
      await verify.mutateAsync({ code: cleaned, trustDevice });
      onSignedIn();
    } catch (e) {
      followError(e);
      if (e instanceof ApiError && WRONG_CODE.has(e.code ?? "")) {
        form.clear("code");
        form.focus("code");
      }
    }
  });

  function choose(next: SecondStep) {
    verify.reset();
    send.reset();
    form.clear("code");
    setMode(next);
  }

  if (ended) {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{t("ended.title")}</AlertTitle>
          <AlertDescription>
            <p>{describe(error, mode, t) ?? t("ended.description")}</p>
          </AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.signIn.getHref(redirectTo)}>{t("ended.signInAgain")}</Link>
        </Button>
      </div>
    );
  }

  const own = describe(error, mode, t);
  const others = [
    hasApp && mode !== "totp" && { key: "totp", label: t("other.totp"), run: () => choose("totp") },
    hasApp && mode !== "backup" && { key: "backup", label: t("other.backup"), run: () => choose("backup") },
    hasMail && mode !== "otp" && { key: "otp", label: t("other.otp"), run: () => void sendCode() },
    hasMail && mode === "otp" && sentAt === null && { key: "otp", label: t("otp.send"), run: () => void sendCode() },
  ].filter((o) => o !== false);
  const numeric = mode !== "backup";
  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t(`form.${mode}`)}>
        <p className="text-sm text-muted-foreground">{t(`instructions.${mode}`)}</p>
        {mode === "otp" && sentAt !== null && (
          <Alert variant="success">
            <MailCheck aria-hidden="true" />
            <AlertDescription>
              <p>{t("otp.sent")}</p>
            </AlertDescription>
          </Alert>
        )}
        {own ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>
              <p>{own}</p>
            </AlertDescription>
          </Alert>
        ) : (
          <ApiErrorAlert error={error} />
        )}
        <FormField label={t(`label.${mode}`)} error={form.errors.code}>
          {(control) => (
            <Input
              autoComplete={numeric ? "one-time-code" : "off"}
              inputMode={numeric ? "numeric" : "text"}
              pattern={numeric ? "[0-9 ]*" : undefined}
              maxLength={numeric ? 8 : 32}
              autoCapitalize="off"
              spellCheck={false}
              className="font-mono tracking-widest"
              {...control}
              {...form.field("code")}
            />
          )}
        </FormField>
        <div className="flex items-center gap-2">
          <Checkbox id={trustId} {...form.field("trustDevice")} />
          <Label htmlFor={trustId}>{t("trustDevice")}</Label>
        </div>
        <Button type="submit" className="w-full" loading={verify.isPending}>
          {verify.isPending ? t("verifying") : t("verify")}
        </Button>
        {mode === "otp" && sentAt !== null && (
          <ResendCode sentAt={sentAt} sending={send.isPending} onResend={sendCode} />
        )}
      </form>
      {others.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">{t("other.title")}</p>
          <ul className="grid gap-2">
            {others.map(({ key, label, run }) => (
              <li key={key}>
                <Button variant="outline" className="w-full" loading={key === "otp" && send.isPending} onClick={run}>
                  {label}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** This screen's own words for the engine's second-step answers; undefined for anything else. */
function describe(error: unknown, mode: SecondStep, t: TFunction): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  switch (error.code) {
    case "INVALID_CODE":
      return t("errors.invalidCode");
    case "INVALID_BACKUP_CODE":
      return t("errors.invalidBackupCode");
    case "OTP_HAS_EXPIRED":
      return t("errors.codeExpired");
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return mode === "otp" ? t("errors.tooManyCodeAttempts") : t("errors.tooManyAttempts");
    case "INVALID_TWO_FACTOR_COOKIE":
      return t("errors.challengeExpired");
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return t("errors.locked");
    case "TOTP_NOT_ENABLED":
      return t("errors.noApp");
    default:
      return undefined;
  }
}
