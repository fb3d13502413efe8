import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { Alert } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { formatDate } from "@/lib/format.js";
import { useConnectedApps, useRevokeConsent } from "../api/oauth.js";
import { useOAuthTranslation } from "../hooks/use-oauth-translation.js";
import { ScopeList } from "./scope-list.js";

/** Settings → Connected apps: the apps the user allowed, each with what it may do, and taking access back. */
export function ConnectedApps() {
  const { t, i18n } = useOAuthTranslation();
  const describe = useErrorMessage();
  const apps = useConnectedApps();
  const revoke = useRevokeConsent({
    beforeRefetch: (_, { name }) => void toast.success(t("connected.removed", { app: name })),
    onError: (error) => void toast.error(describe(error)),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("connected.title")}</CardTitle>
        <CardDescription>{t("connected.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {apps.isPending && <p className="text-sm text-muted-foreground">{t("loading")}</p>}
        {apps.isError && (
          <Alert variant="destructive">
            {describe(apps.error)}{" "}
            <Button variant="link" className="h-auto p-0" onClick={() => void apps.refetch()}>
              {t("retry")}
            </Button>
          </Alert>
        )}
        {apps.data?.length === 0 && <p className="text-sm text-muted-foreground">{t("connected.empty")}</p>}
        {apps.data && apps.data.length > 0 && (
          <ul className="grid gap-3" aria-label={t("connected.title")}>
            {apps.data.map((app) => (
              <li key={app.id} className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_auto] sm:items-start">
                <div className="grid min-w-0 gap-2">
                  <p className="font-medium break-words">{app.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {t("connected.since", { date: formatDate(app.createdAt, i18n.language) })}
                  </p>
                  <ScopeList scopes={app.scopes} />
                </div>
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm">
                      {t("connected.remove")}
                    </Button>
                  }
                  title={t("connected.removeTitle", { app: app.name })}
                  description={t("connected.removeDescription", { app: app.name })}
                  confirmLabel={t("connected.remove")}
                  cancelLabel={t("connected.cancel")}
                  destructive
                  onConfirm={() => revoke.mutate({ id: app.id, name: app.name })}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
