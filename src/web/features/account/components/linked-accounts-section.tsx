import { CircleCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Alert, AlertDescription } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import type { SessionUser } from "@/lib/auth-client.js";
import { formatDate } from "@/lib/format.js";
import { usePublicConfig } from "@/lib/public-config.js";
import { latestError } from "@/lib/query-client.js";
import { CREDENTIAL, useLinkAccount, useLinkedAccounts, useUnlinkAccount } from "../api/accounts.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";
import { ProviderMark } from "./provider-mark.js";

/** The ways into this account: the password and each linked provider; link another, unlink one. */
export function LinkedAccountsSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useSettingsTranslation();
  const accounts = useLinkedAccounts();
  const { config, isLoading: configLoading } = usePublicConfig();
  const [search, setSearch] = useSearchParams();
  useDocumentTitle(t("accounts.title"));

  const nameOf = (providerId: string) =>
    providerId === CREDENTIAL
      ? t("accounts.password")
      : (config.providers.find((p) => p.id === providerId)?.name ?? providerId);
  const justLinked = search.get("linked");
  const linkable = config.providers.filter((p) => !accounts.data?.some((a) => a.providerId === p.id));

  const linking = useLinkAccount();
  const unlinking = useUnlinkAccount({
    beforeRefetch: (_, account) => toast.success(t("accounts.unlinked", { provider: nameOf(account.providerId) })),
  });
  // Linking ends on the provider's page: the button stays busy until the browser has left.
  const pending =
    linking.isPending || linking.isSuccess
      ? `link:${linking.variables?.provider}`
      : unlinking.isPending
        ? unlinking.variables.id
        : null;
  const error = latestError(linking, unlinking);
  const link = (provider: string) =>
    linking.mutate({
      provider,
      callbackURL: `${paths.settingsAccounts.getHref()}?${new URLSearchParams({ linked: provider })}`,
      errorCallbackURL: paths.settingsAccounts.getHref(),
    });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("accounts.title")}</CardTitle>
          <CardDescription>{t("accounts.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {justLinked && (
            <Alert variant="success">
              <CircleCheck aria-hidden="true" />
              <AlertDescription>
                <p>{t("accounts.linked", { provider: nameOf(justLinked) })}</p>
                <div className="pt-1">
                  <Button variant="link" className="h-auto p-0" onClick={() => setSearch({}, { replace: true })}>
                    {t("common.dismiss")}
                  </Button>
                </div>
              </AlertDescription>
            </Alert>
          )}
          <FormError error={error} />
          {accounts.isPending ? (
            <Spinner label={t("common.loading")} />
          ) : accounts.isError ? (
            <ApiErrorAlert error={accounts.error} />
          ) : (
            <ul className="grid gap-3" aria-label={t("accounts.listLabel")}>
              {accounts.data.map((account) => {
                const name = nameOf(account.providerId);
                return (
                  <li key={account.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-4">
                    <ProviderMark providerId={account.providerId} name={name} />
                    <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                      <span className="font-medium">{name}</span>
                      <span className="text-muted-foreground break-all">
                        {account.providerId === CREDENTIAL
                          ? t("accounts.passwordDetail", { email: user.email })
                          : t("accounts.linkedOn", { date: formatDate(account.createdAt, i18n.language) })}
                      </span>
                    </div>
                    {account.providerId === CREDENTIAL ? (
                      <Button variant="ghost" size="sm" asChild>
                        <Link to={paths.settingsPassword.getHref()}>{t("accounts.managePassword")}</Link>
                      </Button>
                    ) : (
                      <ConfirmDialog
                        cancelLabel={t("common.cancel")}
                        trigger={
                          <Button
                            variant="outline"
                            size="sm"
                            loading={pending === account.id}
                            disabled={pending !== null}
                            aria-label={t("accounts.unlinkLabel", { provider: name })}
                          >
                            {t("accounts.unlink")}
                          </Button>
                        }
                        title={t("accounts.confirmUnlinkTitle", { provider: name })}
                        description={t("accounts.confirmUnlinkDescription", { provider: name })}
                        confirmLabel={t("accounts.unlink")}
                        destructive
                        onConfirm={() => unlinking.mutate(account)}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("accounts.linkTitle")}</CardTitle>
          <CardDescription>{t("accounts.linkDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          {configLoading || accounts.isPending ? (
            <Spinner label={t("common.loading")} />
          ) : config.providers.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("accounts.noProviders")}</p>
          ) : linkable.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("accounts.noneToLink")}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {linkable.map((p) => (
                <li key={p.id}>
                  <Button
                    variant="outline"
                    loading={pending === `link:${p.id}`}
                    disabled={pending !== null}
                    onClick={() => link(p.id)}
                  >
                    <ProviderMark providerId={p.id} name={p.name} />
                    {t("accounts.link", { provider: p.name })}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
