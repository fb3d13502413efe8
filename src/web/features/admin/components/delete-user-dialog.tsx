import { Trash2 } from "lucide-react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { FormDialog } from "@/components/form-dialog.js";
import { Button } from "@/components/ui/button.js";
import { DialogClose, DialogFooter } from "@/components/ui/dialog.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { useRemoveUser } from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** Deleting is final: the admin types the user's e-mail address to confirm. */
export function DeleteUserDialog({ user, onDeleted }: { user: AdminUserView; onDeleted: () => void }) {
  const { t } = useAdminTranslation();
  return (
    <FormDialog
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          {t("user.actions.delete")}
        </Button>
      }
      title={t("user.delete.title", { name: user.name || user.email })}
      description={t("user.delete.description")}
      closeLabel={t("common.close")}
    >
      {/* Not closed: once the user is gone, onDeleted leaves their page. */}
      {() => <DeleteForm user={user} onDeleted={onDeleted} />}
    </FormDialog>
  );
}

function DeleteForm({ user, onDeleted }: { user: AdminUserView; onDeleted: () => void }) {
  const { t } = useAdminTranslation();
  const remove = useRemoveUser(user.id, {
    beforeRefetch: () => toast.success(t("user.delete.done", { email: user.email })),
    onSuccess: onDeleted,
  });
  const matches = (typed: string) => typed.trim().toLowerCase() === user.email.toLowerCase();
  const form = useForm({
    defaults: { confirmation: "" },
    validate: { confirmation: (v) => (matches(v) ? undefined : t("user.delete.mismatch")) },
  });
  const onSubmit = form.handleSubmit(() => remove.mutate());
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ApiErrorAlert error={remove.error} />
      <FormField label={t("user.delete.confirmLabel", { email: user.email })} error={form.errors.confirmation}>
        {(control) => (
          <Input autoComplete="off" spellCheck={false} inputMode="email" {...control} {...form.field("confirmation")} />
        )}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t("common.cancel")}</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" loading={remove.isPending}>
          {t("user.delete.confirm")}
        </Button>
      </DialogFooter>
    </form>
  );
}
