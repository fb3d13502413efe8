import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import { ApiErrorAlert } from "../../../components/errors/api-error-alert.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { Spinner } from "../../../components/ui/spinner.js";
import { paths } from "../../../config/paths.js";
import { useDocumentTitle } from "../../../hooks/use-document-title.js";
import { useSession } from "../../../lib/session.js";
import {
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  sessionsKey,
  useAccountSessions,
} from "../api/sessions.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";
import { SessionItem } from "./session-item.js";

/** Every browser and device signed in to the account; sign out of one, of all others, or everywhere. */
export function SessionsSection() {
  const { t } = useSettingsTranslation();
  const sessions = useAccountSessions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refetch } = useSession();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useDocumentTitle(t("sessions.title"));

  async function run(key: string, action: () => Promise<unknown>, done: string, signsOutHere = false) {
    setPending(key);
    setError(null);
    try {
      await action();
      if (signsOutHere) {
        await refetch();
        navigate(paths.signIn.getHref(), { replace: true });
        return;
      }
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
    } catch (e) {
      setError(e);
    } finally {
      setPending(null);
    }
  }

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
                  onRevoke={() => run(s.id, () => revokeSession(s.id), t("sessions.revoked"), s.current)}
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
            onConfirm={() => void run("others", revokeOtherSessions, t("sessions.revokeOthersDone"))}
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
            onConfirm={() => void run("all", revokeAllSessions, "", true)}
          />
        </CardFooter>
      )}
    </Card>
  );
}
