import { useState } from "react";
import { StatusCard } from "../../../components/status-card.js";
import { Alert } from "../../../components/ui/alert.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { useDocumentTitle } from "../../../hooks/use-document-title.js";
import { useErrorMessage } from "../../../hooks/use-error-message.js";
import { answerConsent, usePublicClient } from "../api/oauth.js";
import { useOAuthTranslation } from "../hooks/use-oauth-translation.js";
import { requestedScopes } from "../lib/flow.js";
import { ScopeList } from "./scope-list.js";

/**
 * The provider's consent page (consentPage): names the app and what it asks for; Allow and Deny both
 * answer the provider, which sends the browser back to the app (with a code, or access_denied).
 */
export function ConsentScreen({ search, email }: { search: string; email: string }) {
  const { t } = useOAuthTranslation();
  useDocumentTitle(t("consent.pageTitle"));
  const describe = useErrorMessage();
  const params = new URLSearchParams(search);
  const clientId = params.get("client_id");
  const valid = Boolean(clientId && params.get("sig"));
  const client = usePublicClient(valid ? clientId : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!valid || client.isError) {
    return (
      <StatusCard
        tone="error"
        title={t("consent.invalidTitle")}
        description={client.isError ? t("consent.unknownApp") : t("consent.invalidDescription")}
      />
    );
  }
  if (client.isPending) return <p className="text-center text-sm text-muted-foreground">{t("loading")}</p>;
  const app = client.data.client_name ?? client.data.client_id;

  async function answer(accept: boolean) {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await answerConsent(accept, search.replace(/^\?/, "")));
    } catch (e) {
      setError(describe(e));
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("consent.title", { app })}</CardTitle>
        <CardDescription>{t("consent.signedInAs", { email })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm font-medium">{t("consent.wants", { app })}</p>
        <ScopeList scopes={requestedScopes(search)} />
        <p className="text-sm text-muted-foreground">{t("consent.later")}</p>
        {error && <Alert variant="destructive">{error}</Alert>}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={busy} onClick={() => void answer(false)}>
          {t("consent.deny")}
        </Button>
        <Button type="button" disabled={busy} onClick={() => void answer(true)}>
          {t("consent.allow")}
        </Button>
      </CardFooter>
    </Card>
  );
}
