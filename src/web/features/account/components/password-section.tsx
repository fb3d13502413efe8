import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import type { SessionUser } from "@/lib/auth-client.js";
import { usePublicConfig } from "@/lib/public-config.js";
import { CREDENTIAL, useLinkedAccounts } from "../api/accounts.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { ChangePasswordForm } from "./change-password-form.js";
import { SetPasswordForm } from "./set-password-form.js";

/** Change the password, or, for someone who only ever signed in through a provider, set one. */
export function PasswordSection({ user }: { user: SessionUser }) {
  const { t } = useSettingsTranslation();
  const accounts = useLinkedAccounts();
  const { config } = usePublicConfig();
  useDocumentTitle(t("password.title"));
  const hasPassword = accounts.data?.some((a) => a.providerId === CREDENTIAL);
  const providers = (accounts.data ?? [])
    .filter((a) => a.providerId !== CREDENTIAL)
    .map((a) => config.providers.find((p) => p.id === a.providerId)?.name ?? a.providerId);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{hasPassword === false ? t("password.setTitle") : t("password.title")}</CardTitle>
        <CardDescription>
          {hasPassword === false
            ? t("password.setDescription", { providers: [...new Set(providers)].join(", "), email: user.email })
            : t("password.changeDescription")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : accounts.isError ? (
          <ApiErrorAlert error={accounts.error} />
        ) : hasPassword ? (
          <ChangePasswordForm policy={config.passwordPolicy} />
        ) : (
          <SetPasswordForm policy={config.passwordPolicy} onDone={() => void accounts.refetch()} />
        )}
      </CardContent>
    </Card>
  );
}
