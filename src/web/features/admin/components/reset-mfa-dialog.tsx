import { ShieldOff } from "lucide-react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { Button } from "@/components/ui/button.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { useResetUserMfa } from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** Reset the user's two-step verification and passkeys; the server mails the user and audits it. */
export function ResetMfaDialog({ user }: { user: AdminUserView }) {
  const { t } = useAdminTranslation();
  const reset = useResetUserMfa(user.id, {
    beforeRefetch: () => toast.success(t("user.resetMfa.done", { email: user.email })),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline">
          <ShieldOff aria-hidden="true" />
          {t("user.actions.resetMfa")}
        </Button>
      }
      title={t("user.resetMfa.title", { name: user.name || user.email })}
      description={t("user.resetMfa.description")}
      confirmLabel={t("user.resetMfa.confirm")}
      destructive
      cancelLabel={t("common.cancel")}
      closeLabel={t("common.close")}
      action={reset}
    />
  );
}
