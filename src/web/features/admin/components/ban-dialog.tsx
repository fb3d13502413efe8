import { Ban } from "lucide-react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { FormDialog } from "@/components/form-dialog.js";
import { Button } from "@/components/ui/button.js";
import { DialogClose, DialogFooter } from "@/components/ui/dialog.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { NativeSelect } from "@/components/ui/native-select.js";
import { useForm } from "@/hooks/use-form.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { useBanUser } from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

const REASON_MAX = 200;
/** Ban lengths offered, in seconds; "" = until unbanned. */
const DURATIONS = ["", "3600", "86400", "604800", "2592000"] as const;
const DURATION_KEYS: Record<(typeof DURATIONS)[number], string> = {
  "": "user.ban.forever",
  "3600": "user.ban.hour",
  "86400": "user.ban.day",
  "604800": "user.ban.week",
  "2592000": "user.ban.month",
};

/** Ban with a reason and an optional end; the engine signs the user out everywhere at once. */
export function BanDialog({ user }: { user: AdminUserView }) {
  const { t } = useAdminTranslation();
  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <Ban aria-hidden="true" />
          {t("user.actions.ban")}
        </Button>
      }
      title={t("user.ban.title", { name: user.name || user.email })}
      description={t("user.ban.description")}
      closeLabel={t("common.close")}
    >
      {(close) => (
        <BanForm
          user={user}
          onBanned={() => {
            toast.success(t("user.ban.done", { email: user.email }));
            close();
          }}
        />
      )}
    </FormDialog>
  );
}

function BanForm({ user, onBanned }: { user: AdminUserView; onBanned: () => void }) {
  const { t } = useAdminTranslation();
  const ban = useBanUser(user.id, { beforeRefetch: onBanned });
  const form = useForm({
    defaults: { reason: "", duration: "" },
    validate: {
      reason: (v) => (v.trim().length > REASON_MAX ? t("user.ban.reasonTooLong", { count: REASON_MAX }) : undefined),
    },
  });
  const onSubmit = form.handleSubmit(({ reason, duration }) =>
    ban.mutate({ reason: reason.trim(), expiresIn: duration ? Number(duration) : undefined }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ApiErrorAlert error={ban.error} />
      <FormField label={t("user.ban.reason")} hint={t("user.ban.reasonHint")} error={form.errors.reason}>
        {(control) => (
          <Input autoComplete="off" maxLength={TEXT_LIMITS.user.banReason} {...control} {...form.field("reason")} />
        )}
      </FormField>
      <FormField label={t("user.ban.duration")}>
        {(control) => (
          <NativeSelect {...control} {...form.field("duration")}>
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t(DURATION_KEYS[d])}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t("common.cancel")}</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" loading={ban.isPending}>
          {t("user.ban.confirm")}
        </Button>
      </DialogFooter>
    </form>
  );
}
