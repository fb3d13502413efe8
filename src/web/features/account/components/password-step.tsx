import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { useForm } from "@/hooks/use-form.js";
import { requiredValidator } from "@/lib/validators.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";

/** The change the password is for: a feature `api/` mutation hook's result, given the password. */
interface PasswordAction {
  mutate: (password: string, options: { onError: () => void }) => void;
  isPending: boolean;
  error: unknown;
}

/** "Enter your password" before a change to how the account signs in; the engine checks it. */
export function PasswordStep({
  label,
  hint,
  submitLabel,
  destructive = false,
  action,
  onCancel,
}: {
  /** The form's accessible name: what the password is for. */
  label: string;
  hint?: string;
  submitLabel: string;
  destructive?: boolean;
  action: PasswordAction;
  onCancel: () => void;
}) {
  const { t } = useSettingsTranslation();
  const form = useForm({
    defaults: { password: "" },
    validate: { password: requiredValidator(t("security.passwordRequired")) },
  });
  const submit = form.handleSubmit(({ password }) =>
    action.mutate(password, {
      onError: () => {
        form.clear("password");
        form.focus("password");
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md" aria-label={label}>
      <FormError error={action.error} />
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
        <Button type="submit" variant={destructive ? "destructive" : "default"} loading={action.isPending}>
          {submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={action.isPending}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
