import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { useRemoveUser } from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** Deleting is final: the admin types the user's e-mail address to confirm. */
export function DeleteUserDialog({ user, onDeleted }: { user: AdminUserView; onDeleted: () => void }) {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          {t("user.actions.delete")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("user.delete.title", { name: user.name || user.email })}</DialogTitle>
          <DialogDescription>{t("user.delete.description")}</DialogDescription>
        </DialogHeader>
        <DeleteForm user={user} onDeleted={onDeleted} />
      </DialogContent>
    </Dialog>
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
