import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { NativeSelect } from "@/components/ui/native-select.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { useForm } from "@/hooks/use-form.js";
import { useSubmit } from "@/hooks/use-submit.js";
import { emailValidator, nameValidator, newPasswordValidator } from "@/lib/validators.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { LANGUAGES, type LanguageCode } from "@/shared/languages.js";
import type { PublicConfig } from "@/shared/public-config.js";
import { type SignUpInput, signUpWithEmail } from "../api/sign-up-with-email.js";
import { PasswordHint } from "./password-hint.js";

export interface SignUpFormProps {
  policy: PublicConfig["passwordPolicy"];
  /** Where the verification link (or an immediate sign-in) should lead. */
  redirectTo: string;
  onSignedUp: (result: { email: string; signedIn: boolean }) => void;
  signUp?: (input: SignUpInput) => Promise<{ signedIn: boolean }>;
}

/** Name, e-mail, password within the configured limits, and the language for the UI and e-mails. */
export function SignUpForm({ policy, redirectTo, onSignedUp, signUp = signUpWithEmail }: SignUpFormProps) {
  const { t, i18n } = useTranslation();
  const create = useSubmit(signUp);
  const current = LANGUAGES.find((l) => l.locale === i18n.language) ?? LANGUAGES.find((l) => l.locale === "en")!;
  const form = useForm({
    defaults: { name: "", email: "", password: "", language: String(current.code) },
    validate: { name: nameValidator(t), email: emailValidator(t), password: newPasswordValidator(t, policy) },
  });
  const { errors } = form;
  const { password, name, email } = form.values;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await create
      .mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        language: Number(values.language) as LanguageCode,
        callbackURL: redirectTo,
      })
      .catch(() => null);
    if (result) onSignedUp({ email: values.email.trim(), signedIn: result.signedIn });
  });
  const isSubmitting = create.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t("signUp.formLabel")}>
      <ApiErrorAlert error={create.error} />
      <FormField label={t("fields.name")} error={errors.name}>
        {(control) => (
          <Input autoComplete="name" maxLength={TEXT_LIMITS.user.name} {...control} {...form.field("name")} />
        )}
      </FormField>
      <FormField label={t("fields.email")} error={errors.email}>
        {(control) => (
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={TEXT_LIMITS.user.email}
            {...control}
            {...form.field("email")}
          />
        )}
      </FormField>
      <FormField
        label={t("fields.password")}
        error={errors.password}
        hint={
          <PasswordHint
            password={password}
            minLength={policy.minLength}
            maxLength={policy.maxLength}
            context={[name, email]}
          />
        }
      >
        {(control) => (
          <PasswordInput
            autoComplete="new-password"
            showLabel={t("password.show")}
            hideLabel={t("password.hide")}
            {...control}
            {...form.field("password")}
          />
        )}
      </FormField>
      <FormField label={t("fields.language")} hint={t("signUp.languageHint")}>
        {(control) => (
          <NativeSelect {...control} {...form.field("language")}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.locale}>
                {l.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? t("signUp.submitting") : t("signUp.submit")}
      </Button>
    </form>
  );
}
