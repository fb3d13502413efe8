import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { useForm } from "@/hooks/use-form.js";
import { newPasswordValidator } from "@/lib/validators.js";
import { useSetPassword } from "../api/password-changes.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";

/** A first password for someone who signs in through a provider (POST /api/account/set-password). */
export function SetPasswordForm({
  policy,
  onDone,
}: {
  policy: { minLength: number; maxLength: number };
  onDone: () => void;
}) {
  const { t } = useSettingsTranslation();
  const { t: appT } = useTranslation();
  const save = useSetPassword({
    onSuccess: () => {
      toast.success(t("password.setDone"));
      onDone();
    },
  });
  const form = useForm({
    defaults: { newPassword: "", confirm: "" },
    validate: {
      newPassword: newPasswordValidator(appT, policy),
      confirm: (v, all) =>
        !v ? t("password.confirmRequired") : v !== all.newPassword ? t("password.mismatch") : undefined,
    },
  });
  const toggles = { showLabel: t("password.show"), hideLabel: t("password.hide") };

  const onSubmit = form.handleSubmit(({ newPassword }) => save.mutate(newPassword));

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-md" aria-label={t("password.setForm")}>
      <FormError error={save.error} />
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
      <div>
        <Button type="submit" loading={save.isPending}>
          {t("password.setSubmit")}
        </Button>
      </div>
    </form>
  );
}
