import { SecretReveal } from "@/components/secret-reveal.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";

/** The signing secret, right after it was made (creating the endpoint or rotating it). */
export function SecretPanel({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const { t } = useWebhooksTranslation();
  return (
    <SecretReveal
      id="webhook-secret-title"
      title={t("secret.title")}
      secret={secret}
      secretLabel={t("secret.label")}
      copyLabel={t("secret.copy")}
      copiedLabel={t("secret.copied")}
      doneLabel={t("secret.done")}
      onDone={onDone}
      testId="webhook-secret"
      secretTestId="webhook-secret-value"
      footer={<p className="text-sm text-muted-foreground">{t("secret.verify")}</p>}
    >
      <p className="text-sm">
        {t("secret.for")} <span className="font-mono break-all">{url}</span>
      </p>
      <p className="text-sm font-medium">{t("secret.once")}</p>
    </SecretReveal>
  );
}
