import { StatusCard } from "@/components/status-card.js";
import { Alert } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useAnswerConsent, usePublicClient } from "../api/oauth.js";
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
  const answer = useAnswerConsent({ onSuccess: (next) => window.location.assign(next) });
  // The browser leaves for the app once answered: still busy until it has gone.
  const busy = answer.isPending || answer.isSuccess;

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

  const send = (accept: boolean) => answer.mutate({ accept, oauthQuery: search.replace(/^\?/, "") });

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
        {answer.error && <Alert variant="destructive">{describe(answer.error)}</Alert>}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={busy} onClick={() => send(false)}>
          {t("consent.deny")}
        </Button>
        <Button type="button" disabled={busy} onClick={() => send(true)}>
          {t("consent.allow")}
        </Button>
      </CardFooter>
    </Card>
  );
}
