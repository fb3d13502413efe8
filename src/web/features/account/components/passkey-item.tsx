import { KeyRound } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import { formatDate } from "@/lib/format.js";
import { type Passkey, useRemovePasskey, useRenamePasskey } from "../api/passkeys.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";

/** One passkey: its name, when it was added, synced or on one device; rename it, remove it. */
export function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const { t, i18n } = useSettingsTranslation();
  const [renaming, setRenaming] = useState(false);
  const name = passkey.name?.trim() || t("security.passkeys.unnamed");
  const synced = passkey.deviceType === "multiDevice" || passkey.backedUp;
  const remove = useRemovePasskey(passkey.id, {
    onSuccess: () => void toast.success(t("security.passkeys.removed", { name })),
  });
  const rename = useRenamePasskey(passkey.id, {
    onSuccess: () => {
      setRenaming(false);
      toast.success(t("security.passkeys.renamed"));
    },
  });
  // Removed, the row stays busy until the refetched list drops it.
  const pending = remove.isPending || remove.isSuccess;

  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start gap-3">
        <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5 text-sm">
          <span className="font-medium break-words">{name}</span>
          <span className="text-muted-foreground">
            {t("security.passkeys.addedOn", { date: formatDate(passkey.createdAt, i18n.language) })}
            {" · "}
            {synced ? t("security.passkeys.synced") : t("security.passkeys.deviceBound")}
          </span>
        </div>
        {!renaming && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={pending}
              aria-label={t("security.passkeys.renameLabel", { name })}
              onClick={() => {
                // A new form: the last try's failure is not shown again.
                rename.reset();
                setRenaming(true);
              }}
            >
              {t("security.passkeys.rename")}
            </Button>
            <ConfirmDialog
              cancelLabel={t("common.cancel")}
              trigger={
                <Button
                  variant="outline"
                  size="sm"
                  loading={pending}
                  aria-label={t("security.passkeys.removeLabel", { name })}
                >
                  {t("security.passkeys.remove")}
                </Button>
              }
              title={t("security.passkeys.confirmRemoveTitle", { name })}
              description={t("security.passkeys.confirmRemoveDescription")}
              confirmLabel={t("security.passkeys.remove")}
              destructive
              onConfirm={() => remove.mutate()}
            />
          </div>
        )}
      </div>
      <FormError error={remove.error} />
      {renaming && (
        <RenameForm
          label={t("security.passkeys.renameLabel", { name })}
          current={passkey.name ?? ""}
          onCancel={() => setRenaming(false)}
          error={rename.error}
          onSave={(next) => rename.mutateAsync(next)}
        />
      )}
    </li>
  );
}

function RenameForm({
  label,
  current,
  error,
  onSave,
  onCancel,
}: {
  label: string;
  current: string;
  /** The rename call's failure, shown above the field. */
  error: unknown;
  onSave: (name: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useSettingsTranslation();
  const form = useForm({
    defaults: { name: current },
    validate: {
      name: (v) =>
        !v.trim()
          ? t("security.passkeys.nameRequired")
          : v.trim().length > 100
            ? t("security.passkeys.nameTooLong")
            : undefined,
    },
  });
  const submit = form.handleSubmit(async ({ name }) => {
    await onSave(name.trim()).catch(() => {});
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:max-w-md" aria-label={label}>
      <FormError error={error} />
      <FormField label={t("security.passkeys.name")} error={form.errors.name}>
        {(control) => <Input autoComplete="off" {...control} {...form.field("name")} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={form.isSubmitting}>
          {t("security.passkeys.save")}
        </Button>
        <Button variant="outline" size="sm" onClick={onCancel} disabled={form.isSubmitting}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
