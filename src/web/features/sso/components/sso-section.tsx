import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "../../../components/errors/api-error-alert.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { FormField } from "../../../components/ui/form-field.js";
import { Input } from "../../../components/ui/input.js";
import { Spinner } from "../../../components/ui/spinner.js";
import { useDocumentTitle } from "../../../hooks/use-document-title.js";
import { ApiError } from "../../../lib/api-error.js";
import { type SsoState, saveOidc, setSsoEnabled, ssoKeys, testOidc, useSsoState } from "../api/sso.js";
import { useSsoTranslation } from "../hooks/use-sso-translation.js";
import { CopyField, DomainList } from "./domain-list.js";
import { ConnectionChoice } from "./saml-section.js";

/** The organization's OpenID Connect identity provider: set up, test, turn on or off. */
function ConnectionSection({ organizationId, state }: { organizationId: string; state: SsoState }) {
  const { t } = useSsoTranslation();
  const queryClient = useQueryClient();
  const connection = state.connection?.type === "oidc" ? state.connection : null;
  const [issuer, setIssuer] = useState(connection?.issuer ?? "");
  const [clientId, setClientId] = useState(connection?.clientId ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [busy, setBusy] = useState<"save" | "test" | "toggle" | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tested, setTested] = useState<string | null>(null);

  async function run(kind: "save" | "test" | "toggle", action: () => Promise<void>) {
    setError(null);
    setBusy(kind);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: ssoKeys.state(organizationId) });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="sso-connection" className="grid min-w-0 gap-4 border-t pt-6">
      <h3 id="sso-connection" className="text-base font-semibold">
        {t("connection.heading")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("connection.help")}</p>
      {state.redirectUrl && (
        <CopyField label={t("connection.redirectUrl")} value={state.redirectUrl} testId="sso-redirect-url" />
      )}
      <form
        className="grid max-w-xl gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run("save", async () => {
            await saveOidc(organizationId, { issuer, clientId, clientSecret });
            setClientSecret("");
            toast.success(t("connection.saved"));
          });
        }}
      >
        <FormField label={t("connection.issuer")} hint={t("connection.issuerHint")}>
          {(control) => (
            <Input
              {...control}
              type="url"
              value={issuer}
              autoComplete="off"
              spellCheck={false}
              placeholder="https://login.example.com"
              onChange={(e) => setIssuer(e.target.value)}
            />
          )}
        </FormField>
        <FormField label={t("connection.clientId")}>
          {(control) => (
            <Input
              {...control}
              value={clientId}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setClientId(e.target.value)}
            />
          )}
        </FormField>
        <FormField label={t("connection.clientSecret")} hint={connection ? t("connection.secretKept") : undefined}>
          {(control) => (
            <Input
              {...control}
              type="password"
              value={clientSecret}
              autoComplete="new-password"
              onChange={(e) => setClientSecret(e.target.value)}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" loading={busy === "save"}>
            {t("connection.save")}
          </Button>
        </div>
      </form>
      {connection && (
        <div className="grid gap-3">
          <p className="text-sm" data-testid="sso-connection-status">
            {connection.enabled ? t("connection.on") : t("connection.off")}
          </p>
          {tested && (
            <p className="text-sm" role="status" data-testid="sso-test-result">
              {tested}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              loading={busy === "test"}
              onClick={() =>
                void run("test", async () => {
                  setTested(null);
                  const answer = await testOidc(organizationId);
                  setTested(t("connection.testOk", { issuer: answer.issuer }));
                })
              }
            >
              {t("connection.test")}
            </Button>
            <Button
              variant={connection.enabled ? "outline" : "default"}
              loading={busy === "toggle"}
              onClick={() =>
                void run("toggle", async () => {
                  await setSsoEnabled(organizationId, !connection.enabled);
                  toast.success(connection.enabled ? t("connection.turnedOff") : t("connection.turnedOn"));
                })
              }
            >
              {connection.enabled ? t("connection.turnOff") : t("connection.turnOn")}
            </Button>
          </div>
        </div>
      )}
      <ApiErrorAlert error={error} />
    </section>
  );
}

/**
 * The organization's single sign-on (docs/sso.md): its domains (./domain-list.tsx), then its identity provider.
 * Owners and admins only.
 */
export function SsoSection({ organizationId, name }: { organizationId: string; name: string }) {
  const { t, ready } = useSsoTranslation();
  const state = useSsoState(organizationId);
  useDocumentTitle(ready ? t("title", { name }) : "");

  const body = () => {
    if (state.isPending) return <Spinner label={t("loading")} />;
    if (state.error instanceof ApiError && state.error.status === 403) {
      return (
        <div className="rounded-lg border border-dashed p-8 text-center" role="alert">
          <p className="font-medium">{t("notAllowed.title")}</p>
          <p className="text-sm text-muted-foreground">{t("notAllowed.description")}</p>
        </div>
      );
    }
    if (state.isError) {
      return (
        <div className="grid justify-items-start gap-3">
          <ApiErrorAlert error={state.error} />
          <Button variant="outline" onClick={() => void state.refetch()}>
            {t("retry")}
          </Button>
        </div>
      );
    }
    return (
      <div className="grid min-w-0 gap-6">
        <DomainList organizationId={organizationId} domains={state.data.domains} />
        {state.data.domains.length > 0 && (
          // OpenID Connect or SAML 2.0 (saml-section.tsx).
          <ConnectionChoice
            organizationId={organizationId}
            state={state.data}
            oidc={
              <ConnectionSection
                key={
                  state.data.connection?.type === "oidc"
                    ? `${state.data.connection.issuer}|${state.data.connection.clientId}`
                    : ""
                }
                organizationId={organizationId}
                state={state.data}
              />
            }
          />
        )}
      </div>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("heading")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}
