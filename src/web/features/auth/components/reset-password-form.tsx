import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { useForm } from "@/hooks/use-form.js";
import { useSubmit } from "@/hooks/use-submit.js";
import { newPasswordValidator } from "@/lib/validators.js";
import type { PublicConfig } from "@/shared/public-config.js";
import { isInvalidTokenError, resetPassword } from "../api/reset-password.js";
import { PasswordHint } from "./password-hint.js";

/** The new password, twice. An expired or used token hands over to `onInvalidToken`. */
export function ResetPasswordForm({
  token,
  policy,
  onDone,
  onInvalidToken,
  reset = resetPassword,
}: {
  token: string;
  policy: PublicConfig["passwordPolicy"];
  onDone: () => void;
  onInvalidToken: () => void;
  reset?: (token: string, newPassword: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const save = useSubmit((newPassword: string) => reset(token, newPassword));
  const form = useForm({
    defaults: { password: "", confirm: "" },
    validate: {
      password: newPasswordValidator(t, policy),
      confirm: (confirm, { password }) =>
        !confirm ? t("validation.confirmRequired") : confirm !== password ? t("validation.passwordsDiffer") : undefined,
    },
  });
  const { errors } = form;
  const { password } = form.values;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await save.mutateAsync(password);
      onDone();
    } catch (e) {
      if (isInvalidTokenError(e)) onInvalidToken();
    }
  });
  // An expired or used token is not this form's to show: it hands over instead.
  const error = isInvalidTokenError(save.error) ? null : save.error;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t("resetPassword.formLabel")}>
      <ApiErrorAlert error={error} />
      <FormField
        label={t("fields.newPassword")}
        error={errors.password}
        hint={<PasswordHint password={password} minLength={policy.minLength} maxLength={policy.maxLength} />}
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
      <FormField label={t("fields.confirmPassword")} error={errors.confirm}>
        {(control) => (
          <PasswordInput
            autoComplete="new-password"
            showLabel={t("password.show")}
            hideLabel={t("password.hide")}
            {...control}
            {...form.field("confirm")}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" loading={save.isPending}>
        {t("resetPassword.submit")}
      </Button>
    </form>
  );
}
