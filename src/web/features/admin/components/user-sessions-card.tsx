import { LogOut, Monitor, UserRoundCog } from "lucide-react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { formatDateTime } from "@/lib/format.js";
import {
  type AdminSession,
  useRevokeUserSession,
  useRevokeUserSessions,
  useUserSessions,
} from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { deviceOf } from "../lib/device.js";

/** Where the user is signed in, with a way to end one session or all of them. */
export function UserSessionsCard({
  userId,
  email,
  canList,
  canRevoke,
}: {
  userId: string;
  email: string;
  canList: boolean;
  canRevoke: boolean;
}) {
  const { t, i18n } = useAdminTranslation();
  const describeError = useErrorMessage();
  const sessions = useUserSessions(userId, canList);
  const revoke = useRevokeUserSession(userId, {
    beforeRefetch: () => toast.success(t("user.sessions.revoked")),
    onError: (e) => toast.error(describeError(e)),
  });
  const revokeAll = useRevokeUserSessions(userId, {
    beforeRefetch: () => toast.success(t("user.sessions.allRevoked")),
  });

  const describe = (s: AdminSession) => {
    const { browser, os } = deviceOf(s.userAgent);
    if (browser && os) return t("user.sessions.browserOn", { browser, os });
    return browser ?? os ?? t("user.sessions.unknownDevice");
  };

  const list = sessions.data ?? [];
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {t("user.sessions.title")}
        </CardTitle>
        <CardDescription>{t("user.sessions.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!canList ? (
          <p className="text-sm text-muted-foreground">{t("user.sessions.notAllowed")}</p>
        ) : sessions.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : sessions.isError ? (
          <div className="grid justify-items-start gap-3">
            <ApiErrorAlert error={sessions.error} />
            <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              {t("common.retry")}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("user.sessions.empty")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("user.sessions.listLabel", { email })}>
            {list.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3 text-sm"
                data-testid="admin-session"
              >
                <div className="flex min-w-0 gap-3">
                  {s.impersonatedBy ? (
                    <UserRoundCog className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  ) : (
                    <Monitor className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium break-words">{describe(s)}</span>
                    {s.impersonatedBy && <span>{t("user.sessions.impersonation")}</span>}
                    <span className="text-muted-foreground">
                      {t("user.sessions.ip", { ip: s.ipAddress || t("user.sessions.unknownIp") })}
                    </span>
                    <span className="text-muted-foreground">
                      {t("user.sessions.times", {
                        created: formatDateTime(s.createdAt, i18n.language),
                        expires: formatDateTime(s.expiresAt, i18n.language),
                      })}
                    </span>
                  </div>
                </div>
                {canRevoke && (
                  <Button
                    variant="outline"
                    size="sm"
                    loading={revoke.isPending && revoke.variables.id === s.id}
                    aria-label={t("user.sessions.revokeLabel", { device: describe(s) })}
                    onClick={() => revoke.mutate(s)}
                  >
                    <LogOut aria-hidden="true" />
                    {t("user.sessions.revoke")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canList && canRevoke && list.length > 0 && (
          <div>
            <ConfirmDialog
              trigger={
                <Button variant="destructive" size="sm">
                  <LogOut aria-hidden="true" />
                  {t("user.sessions.revokeAll")}
                </Button>
              }
              title={t("user.sessions.revokeAllTitle", { email })}
              description={t("user.sessions.revokeAllDescription")}
              confirmLabel={t("user.sessions.revokeAll")}
              destructive
              cancelLabel={t("common.cancel")}
              closeLabel={t("common.close")}
              action={revokeAll}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
