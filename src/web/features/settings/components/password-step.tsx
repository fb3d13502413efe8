import { useState } from "react";
import { Button } from "../../../components/ui/button.js";
import { FormField } from "../../../components/ui/form-field.js";
import { PasswordInput } from "../../../components/ui/password-input.js";
import { useForm } from "../../../hooks/use-form.js";
import { requiredValidator } from "../../../lib/validators.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";

/** "Enter your password" before a change to how the account signs in; the engine checks it. */
export function PasswordStep({
  label,
  hint,
  submitLabel,
  destructive = false,
  onSubmit,
  onCancel,
}: {
  /** The form's accessible name: what the password is for. */
  label: string;
  hint?: string;
  submitLabel: string;
  destructive?: boolean;
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useSettingsTranslation();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    defaults: { password: "" },
    validate: { password: requiredValidator(t("security.passwordRequired")) },
  });
  const submit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await onSubmit(password);
    } catch (e) {
      setError(e);
      form.clear("password");
      form.focus("password");
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md" aria-label={label}>
      <FormError error={error} />
      <FormField label={t("security.password")} hint={hint} error={form.errors.password}>
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? "destructive" : "default"} loading={form.isSubmitting}>
          {submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={form.isSubmitting}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
