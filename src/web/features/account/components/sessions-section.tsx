import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useSession } from "@/lib/api/session.js";
import { latestError } from "@/lib/query-client.js";
import { useAccountSessions, useRevokeAllSessions, useRevokeOtherSessions, useRevokeSession } from "../api/sessions.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";
import { SessionItem } from "./session-item.js";

/** Every browser and device signed in to the account; sign out of one, of all others, or everywhere. */
export function SessionsSection() {
  const { t } = useSettingsTranslation();
  const sessions = useAccountSessions();
  const navigate = useNavigate();
  const { refetch } = useSession();
  useDocumentTitle(t("sessions.title"));

  // Signed out here too: the session atom learns it, then sign-in.
  const signedOutHere = async () => {
    await refetch();
    navigate(paths.signIn.getHref(), { replace: true });
  };
  const revoke = useRevokeSession({
    beforeRefetch: (_, { current }) => !current && toast.success(t("sessions.revoked")),
    onSuccess: (_, { current }) => (current ? signedOutHere() : undefined),
  });
  const revokeOthers = useRevokeOtherSessions({
    beforeRefetch: () => toast.success(t("sessions.revokeOthersDone")),
  });
  const revokeAll = useRevokeAllSessions({ onSuccess: signedOutHere });
  const pending = revoke.isPending
    ? revoke.variables.id
    : revokeOthers.isPending
      ? "others"
      : revokeAll.isPending
        ? "all"
        : null;
  const error = latestError(revoke, revokeOthers, revokeAll);

  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("sessions.title")}</CardTitle>
        <CardDescription>{t("sessions.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormError error={error} />
        {sessions.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : sessions.isError ? (
          <ApiErrorAlert error={sessions.error} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t("sessions.count", { count: sessions.data.length })}</p>
            <ul className="grid gap-3" aria-label={t("sessions.listLabel")}>
              {sessions.data.map((s) => (
                <SessionItem
                  key={s.id}
                  session={s}
                  pending={pending === s.id}
                  disabled={pending !== null}
                  onRevoke={() => revoke.mutate({ id: s.id, current: s.current })}
                />
              ))}
            </ul>
            {others === 0 && <p className="text-sm text-muted-foreground">{t("sessions.onlyThis")}</p>}
          </>
        )}
      </CardContent>
      {sessions.data && (
        <CardFooter>
          <ConfirmDialog
            cancelLabel={t("common.cancel")}
            trigger={
              <Button variant="outline" disabled={others === 0 || pending !== null} loading={pending === "others"}>
                {t("sessions.revokeOthers")}
              </Button>
            }
            title={t("sessions.confirmOthersTitle")}
            description={t("sessions.confirmOthersDescription")}
            confirmLabel={t("sessions.revokeOthers")}
            onConfirm={() => revokeOthers.mutate()}
          />
          <ConfirmDialog
            cancelLabel={t("common.cancel")}
            trigger={
              <Button variant="destructive" disabled={pending !== null} loading={pending === "all"}>
                <LogOut aria-hidden="true" />
                {t("sessions.revokeAll")}
              </Button>
            }
            title={t("sessions.confirmAllTitle")}
            description={t("sessions.confirmAllDescription")}
            confirmLabel={t("sessions.revokeAll")}
            destructive
            onConfirm={() => revokeAll.mutate()}
          />
        </CardFooter>
      )}
    </Card>
  );
}
