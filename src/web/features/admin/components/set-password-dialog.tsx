import { KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { FormDialog } from "@/components/form-dialog.js";
import { Button } from "@/components/ui/button.js";
import { DialogClose, DialogFooter } from "@/components/ui/dialog.js";
import { FormField } from "@/components/ui/form-field.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { useForm } from "@/hooks/use-form.js";
import { usePublicConfig } from "@/lib/public-config.js";
import { newPasswordValidator } from "@/lib/validators.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { useSetUserPassword } from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** A new password for the user (also for one who had only social sign-in), within the configured limits. */
export function SetPasswordDialog({ user }: { user: AdminUserView }) {
  const { t } = useAdminTranslation();
  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <KeyRound aria-hidden="true" />
          {t("user.actions.setPassword")}
        </Button>
      }
      title={t("user.password.title", { name: user.name || user.email })}
      description={t("user.password.description")}
      closeLabel={t("common.close")}
    >
      {(close) => (
        <PasswordForm
          user={user}
          onSaved={() => {
            toast.success(t("user.password.done"));
            close();
          }}
        />
      )}
    </FormDialog>
  );
}

function PasswordForm({ user, onSaved }: { user: AdminUserView; onSaved: () => void }) {
  const { t } = useAdminTranslation();
  const { t: appT } = useTranslation();
  const { config } = usePublicConfig();
  const save = useSetUserPassword(user.id, { beforeRefetch: onSaved });
  const form = useForm({
    defaults: { password: "" },
    validate: { password: newPasswordValidator(appT, config.passwordPolicy) },
  });
  const onSubmit = form.handleSubmit(({ password }) => save.mutate(password));
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ApiErrorAlert error={save.error} />
      {/* The account's e-mail, for password managers filling the new password. */}
      <input type="text" autoComplete="username" value={user.email} readOnly hidden />
      <FormField
        label={t("user.password.label")}
        hint={appT("password.lengthHint", {
          min: config.passwordPolicy.minLength,
          max: config.passwordPolicy.maxLength,
        })}
        error={form.errors.password}
      >
        {(control) => (
          <PasswordInput
            autoComplete="new-password"
            showLabel={appT("password.show")}
            hideLabel={appT("password.hide")}
            {...control}
            {...form.field("password")}
          />
        )}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t("common.cancel")}</Button>
        </DialogClose>
        <Button type="submit" loading={save.isPending}>
          {t("user.password.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
