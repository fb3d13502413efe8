import { KeyRound } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { Label } from "@/components/ui/label.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { paths } from "@/config/paths.js";
import { useForm } from "@/hooks/use-form.js";
import { useSubmit } from "@/hooks/use-submit.js";
import { ApiError } from "@/lib/api-error.js";
import { emailValidator, requiredValidator } from "@/lib/validators.js";
import { isTwoFactorChallenge, type SignInInput, signInWithEmail } from "../api/sign-in-with-email.js";
import { checkSso, startSso } from "../api/sso.js";
import { UnverifiedEmailNotice } from "./unverified-email-notice.js";

export interface SignInFormProps {
  /** Where to go once signed in (already checked to be a same-origin path). */
  redirectTo: string;
  onSignedIn: () => void;
  /** The password was right and the account wants its second step (the engine's `twoFactorMethods`). */
  onTwoFactor: (methods: string[]) => void;
  /** The call that signs in; the real endpoint unless a test supplies the server's answer. */
  signIn?: (input: SignInInput) => Promise<unknown>;
  sendVerification?: (email: string, callbackURL?: string) => Promise<unknown>;
}

/** E-mail and password sign-in. A wrong e-mail and a wrong password get the same message (docs/behaviour.md#error-codes). */
export function SignInForm({
  redirectTo,
  onSignedIn,
  onTwoFactor,
  signIn = signInWithEmail,
  sendVerification,
}: SignInFormProps) {
  const { t } = useTranslation();
  const submit = useSubmit(signIn);
  const sso = useSubmit((email: string) => startSso(email, redirectTo));
  // One error line: each call clears the other's as it starts; an unverified address gets its own notice.
  const unverified = submit.error instanceof ApiError && submit.error.code === "EMAIL_NOT_VERIFIED";
  const error = (unverified ? null : submit.error) ?? sso.error;
  // Leaving for the identity provider: busy until the page is gone.
  const ssoBusy = sso.isPending || sso.isSuccess;
  const rememberId = useId();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm({
    defaults: { email: "", password: "", rememberMe: true },
    validate: { email: emailValidator(t), password: requiredValidator(t("validation.passwordRequired")) },
  });
  const { errors } = form;
  const isSubmitting = submit.isPending;
  // After the e-mail is typed: an address of an organization with single sign-on gets "Continue with SSO".
  const typedEmail = form.values.email.trim();
  const [ssoFor, setSsoFor] = useState<string | null>(null);
  // The organization allows this address no password ("SSO required", docs/sso.md): only "Continue with SSO".
  const [ssoRequired, setSsoRequired] = useState(false);
  useEffect(() => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typedEmail)) {
      setSsoFor(null);
      setSsoRequired(false);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      checkSso(typedEmail).then(
        (answer) => {
          if (!current) return;
          setSsoFor(answer.sso ? typedEmail : null);
          setSsoRequired(answer.sso && answer.required === true);
        },
        () => {
          if (!current) return;
          setSsoFor(null);
          setSsoRequired(false);
        },
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typedEmail]);

  async function continueWithSso() {
    if (!ssoFor) return;
    submit.reset();
    const answer = await sso.mutateAsync(ssoFor).catch(() => null);
    if (answer) window.location.assign(answer.url);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    sso.reset();
    setUnverifiedEmail(null);
    try {
      const answer = await submit.mutateAsync({ ...values, email: values.email.trim(), callbackURL: redirectTo });
      if (isTwoFactorChallenge(answer)) onTwoFactor(answer.twoFactorMethods ?? []);
      else onSignedIn();
    } catch (e) {
      if (e instanceof ApiError && e.code === "EMAIL_NOT_VERIFIED") {
        setUnverifiedEmail(values.email.trim());
        return;
      }
      if (e instanceof ApiError && e.code === "INVALID_EMAIL_OR_PASSWORD") {
        form.clear("password");
        form.focus("password");
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (!ssoRequired) return onSubmit(event);
        event.preventDefault();
        void continueWithSso();
      }}
      className="grid gap-4"
      aria-label={t("signIn.formLabel")}
    >
      {unverifiedEmail ? (
        <UnverifiedEmailNotice email={unverifiedEmail} callbackURL={redirectTo} send={sendVerification} />
      ) : (
        <ApiErrorAlert error={error} />
      )}
      <FormField label={t("fields.email")} error={errors.email}>
        {(control) => (
          <Input
            type="email"
            autoComplete="username webauthn"
            inputMode="email"
            {...control}
            {...form.field("email")}
          />
        )}
      </FormField>
      {ssoFor && (
        <div className="grid gap-2 rounded-lg border p-3" data-testid="sso-offer">
          <p className="text-sm text-muted-foreground">{ssoRequired ? t("signIn.ssoRequired") : t("signIn.ssoHint")}</p>
          <Button type="button" className="w-full" loading={ssoBusy} onClick={() => void continueWithSso()}>
            <KeyRound aria-hidden="true" />
            {ssoBusy ? t("signIn.ssoRedirecting") : t("signIn.sso")}
          </Button>
        </div>
      )}
      {!ssoRequired && (
        <>
          <FormField label={t("fields.password")} error={errors.password}>
            {(control) => (
              <PasswordInput
                autoComplete="current-password"
                showLabel={t("password.show")}
                hideLabel={t("password.hide")}
                {...control}
                {...form.field("password")}
              />
            )}
          </FormField>
          {/* After the password in tab order: e-mail, Tab, password, Enter signs in. */}
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="flex items-center gap-2">
              <Checkbox id={rememberId} {...form.field("rememberMe")} />
              <Label htmlFor={rememberId}>{t("signIn.rememberMe")}</Label>
            </div>
            <Link
              to={paths.forgotPassword.getHref()}
              className="text-sm underline underline-offset-4 hover:no-underline"
            >
              {t("signIn.forgotPassword")}
            </Link>
          </div>
          <Button type="submit" className="w-full" loading={isSubmitting}>
            {isSubmitting ? t("signIn.submitting") : t("signIn.submit")}
          </Button>
        </>
      )}
    </form>
  );
}
