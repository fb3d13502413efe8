import { SecretReveal } from "@/components/secret-reveal.js";
import { useOAuthTranslation } from "../hooks/use-oauth-translation.js";

/** A client's ID and, right after it was made, its secret: the only time anyone sees the secret. */
export function ClientSecret({
  clientId,
  secret,
  onDone,
}: {
  clientId: string;
  secret: string | null;
  onDone: () => void;
}) {
  const { t } = useOAuthTranslation();
  return (
    <SecretReveal
      id="oauth-secret-title"
      title={t("secret.title")}
      secret={secret}
      secretLabel={t("secret.clientSecret")}
      labelVisible
      copyLabel={t("secret.copy")}
      copiedLabel={t("secret.copied")}
      doneLabel={t("secret.done")}
      onDone={onDone}
      testId="oauth-client-secret"
      secretTestId="oauth-client-secret-value"
      footer={secret ? <p className="text-sm font-medium">{t("secret.once")}</p> : null}
    >
      <dl className="grid gap-2 text-sm">
        <dt className="font-medium">{t("secret.clientId")}</dt>
        <dd>
          <code className="font-mono break-all" data-testid="oauth-client-id">
            {clientId}
          </code>
        </dd>
      </dl>
    </SecretReveal>
  );
}
