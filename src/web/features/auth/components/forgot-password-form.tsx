import { MailCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Alert, AlertDescription } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import { useSubmit } from "@/hooks/use-submit.js";
import { emailValidator } from "@/lib/validators.js";
import { requestPasswordReset } from "../api/request-password-reset.js";

/**
 * Asks for a reset link. Whatever the address, the answer is the neutral message of docs/behaviour.md#password-reset, so the form
 * never tells anyone whether an account exists.
 */
export function ForgotPasswordForm({
  request = requestPasswordReset,
}: {
  request?: (email: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const ask = useSubmit(request);
  const form = useForm({ defaults: { email: "" }, validate: { email: emailValidator(t) } });
  const { errors } = form;

  const onSubmit = form.handleSubmit(({ email }) => ask.mutate(email.trim()));

  if (ask.isSuccess) {
    return (
      <Alert variant="success">
        <MailCheck aria-hidden="true" />
        <AlertDescription>
          <p>{t("forgotPassword.sent")}</p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t("forgotPassword.formLabel")}>
      <ApiErrorAlert error={ask.error} />
      <FormField label={t("fields.email")} error={errors.email}>
        {(control) => (
          <Input type="email" autoComplete="email" inputMode="email" {...control} {...form.field("email")} />
        )}
      </FormField>
      <Button type="submit" className="w-full" loading={ask.isPending}>
        {t("forgotPassword.submit")}
      </Button>
    </form>
  );
}
