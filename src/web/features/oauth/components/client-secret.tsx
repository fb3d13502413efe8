import { Check, Copy, KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.js";
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
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="oauth-secret-title"
      className="grid min-w-0 gap-3 rounded-xl border-2 border-primary/60 bg-card p-4 sm:p-6"
      data-testid="oauth-client-secret"
    >
      <h2
        id="oauth-secret-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        <KeyRound className="size-5 shrink-0" aria-hidden="true" />
        {t("secret.title")}
      </h2>
      <dl className="grid gap-2 text-sm">
        <dt className="font-medium">{t("secret.clientId")}</dt>
        <dd>
          <code className="font-mono break-all" data-testid="oauth-client-id">
            {clientId}
          </code>
        </dd>
        {secret && (
          <>
            <dt className="font-medium">{t("secret.clientSecret")}</dt>
            <dd className="flex min-w-0 flex-wrap items-center gap-2">
              <code
                className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono break-all"
                data-testid="oauth-client-secret-value"
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
            </dd>
          </>
        )}
      </dl>
      {secret && <p className="text-sm font-medium">{t("secret.once")}</p>}
      <div>
        <Button type="button" onClick={onDone}>
          {t("secret.done")}
        </Button>
      </div>
    </section>
  );
}
