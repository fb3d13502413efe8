import { useQueryClient } from "@tanstack/react-query";
import { UserRoundCog } from "lucide-react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { Button } from "@/components/ui/button.js";
import { paths } from "@/config/paths.js";
import { formatDuration } from "@/lib/format.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { reloadSession } from "../api/stop-impersonating.js";
import { useImpersonateUser } from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** The engine's impersonationSessionDuration, left at its default (src/server/auth/options.ts sets none). */
const IMPERSONATION_SECONDS = 3600;

/** Act as the user: this browser switches to a session of theirs until the banner's "stop" or the time limit. */
export function ImpersonateDialog({ user }: { user: AdminUserView }) {
  const { t, i18n } = useAdminTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const impersonate = useImpersonateUser(user.id, {
    onSuccess: () => {
      // The admin's cached screens must not show through while acting as the user.
      queryClient.clear();
      reloadSession();
      navigate(paths.home.getHref(), { replace: true });
    },
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline">
          <UserRoundCog aria-hidden="true" />
          {t("user.actions.impersonate")}
        </Button>
      }
      title={t("user.impersonate.title", { name: user.name || user.email })}
      description={t("user.impersonate.description", {
        duration: formatDuration(IMPERSONATION_SECONDS, i18n.language),
      })}
      confirmLabel={t("user.impersonate.confirm")}
      cancelLabel={t("common.cancel")}
      closeLabel={t("common.close")}
      action={impersonate}
    />
  );
}
