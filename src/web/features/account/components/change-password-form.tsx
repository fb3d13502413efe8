import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { FormField } from "@/components/ui/form-field.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { useForm } from "@/hooks/use-form.js";
import { newPasswordValidator, requiredValidator } from "@/lib/validators.js";
import { useChangePassword } from "../api/password-changes.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";

/** Current password, new password twice, and whether to sign out everywhere else (on by default). */
export function ChangePasswordForm({ policy }: { policy: { minLength: number; maxLength: number } }) {
  const { t } = useSettingsTranslation();
  const { t: appT } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    defaults: { currentPassword: "", newPassword: "", confirm: "", revokeOtherSessions: true },
    validate: {
      currentPassword: requiredValidator(t("password.currentRequired")),
      newPassword: newPasswordValidator(appT, policy),
      confirm: (v, all) =>
        !v ? t("password.confirmRequired") : v !== all.newPassword ? t("password.mismatch") : undefined,
    },
  });
  const change = useChangePassword({
    onMutate: () => setDone(null),
    onSuccess: (_, { revokeOtherSessions }) => {
      // Said once, next to the form (issue 22 item 12: no toast repeating it).
      setDone(revokeOtherSessions ? t("password.changedAndRevoked") : t("password.changed"));
      form.clear("currentPassword", "newPassword", "confirm");
    },
  });
  const toggles = { showLabel: t("password.show"), hideLabel: t("password.hide") };

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.revokeOtherSessions,
      },
      { onError: () => form.focus("currentPassword") },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-md" aria-label={t("password.changeForm")}>
      <FormError error={change.error} />
      {done && (
        <p role="status" className="text-sm text-success">
          {done}
        </p>
      )}
      <FormField label={t("password.current")} error={form.errors.currentPassword}>
        {(control) => (
          <PasswordInput autoComplete="current-password" {...toggles} {...control} {...form.field("currentPassword")} />
        )}
      </FormField>
      <FormField
        label={t("password.new")}
        hint={t("password.lengthHint", { min: policy.minLength, max: policy.maxLength })}
        error={form.errors.newPassword}
      >
        {(control) => (
          <PasswordInput autoComplete="new-password" {...toggles} {...control} {...form.field("newPassword")} />
        )}
      </FormField>
      <FormField label={t("password.confirm")} error={form.errors.confirm}>
        {(control) => (
          <PasswordInput autoComplete="new-password" {...toggles} {...control} {...form.field("confirm")} />
        )}
      </FormField>
      <div className="flex items-start gap-3">
        <Checkbox
          id="revoke-other-sessions"
          className="mt-0.5"
          aria-describedby="revoke-other-sessions-hint"
          {...form.field("revokeOtherSessions")}
        />
        <div className="grid gap-1">
          <label htmlFor="revoke-other-sessions" className="text-sm font-medium">
            {t("password.revokeOthers")}
          </label>
          <p id="revoke-other-sessions-hint" className="text-sm text-muted-foreground">
            {t("password.revokeOthersHint")}
          </p>
        </div>
      </div>
      <div>
        <Button type="submit" loading={change.isPending}>
          {t("password.submit")}
        </Button>
      </div>
    </form>
  );
}
