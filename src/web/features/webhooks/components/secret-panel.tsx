import { Check, Copy, KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";

/**
 * The signing secret, right after it was made (creating the endpoint or rotating it): the only time
 * anyone sees it. Focus moves here so a screen reader reads it out; "Done" puts it away for good.
 */
export function SecretPanel({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const { t } = useWebhooksTranslation();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby="webhook-secret-title"
      className="grid min-w-0 gap-3 rounded-xl border-2 border-primary/60 bg-card p-4 sm:p-6"
      data-testid="webhook-secret"
    >
      <h2
        id="webhook-secret-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        <KeyRound className="size-5 shrink-0" aria-hidden="true" />
        {t("secret.title")}
      </h2>
      <p className="text-sm">
        {t("secret.for")} <span className="font-mono break-all">{url}</span>
      </p>
      <p className="text-sm font-medium">{t("secret.once")}</p>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="sr-only">{t("secret.label")}</span>
        <code
          className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
          data-testid="webhook-secret-value"
        >
          {secret}
        </code>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {t("secret.copy")}
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {copied ? t("secret.copied") : ""}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{t("secret.verify")}</p>
      <div>
        <Button type="button" onClick={onDone}>
          {t("secret.done")}
        </Button>
      </div>
    </section>
  );
}
