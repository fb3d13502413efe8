import { useState } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { EmptyState } from "@/components/ui/empty-state.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useForm } from "@/hooks/use-form.js";
import { ApiError } from "@/lib/api-error.js";
import { latestError } from "@/lib/query-client.js";
import { type SsoState, useSaveOidc, useSetSsoEnabled, useSsoState, useTestOidc } from "../api/sso.js";
import { useSsoTranslation } from "../hooks/use-sso-translation.js";
import { ConnectionControls } from "./connection-controls.js";
import { CopyField, DomainList } from "./domain-list.js";
import { ConnectionChoice } from "./saml-section.js";

/** The organization's OpenID Connect identity provider: set up, test, turn on or off. */
function ConnectionSection({ organizationId, state }: { organizationId: string; state: SsoState }) {
  const { t } = useSsoTranslation();
  const connection = state.connection?.type === "oidc" ? state.connection : null;
  const form = useForm({
    defaults: { issuer: connection?.issuer ?? "", clientId: connection?.clientId ?? "", clientSecret: "" },
    validate: {},
  });
  const [tested, setTested] = useState<string | null>(null);
  const save = useSaveOidc(organizationId, {
    beforeRefetch: () => {
      form.clear("clientSecret");
      toast.success(t("connection.saved"));
    },
  });
  const test = useTestOidc(organizationId, {
    onMutate: () => setTested(null),
    beforeRefetch: (answer) => setTested(t("connection.testOk", { issuer: answer.issuer })),
  });
  const toggle = useSetSsoEnabled(organizationId, {
    beforeRefetch: (_, enabled) => toast.success(enabled ? t("connection.turnedOn") : t("connection.turnedOff")),
  });
  // The section's actions share one error line: the latest one's.
  const error = latestError(save, test, toggle);

  return (
    <section aria-labelledby="sso-connection" className="grid min-w-0 gap-4 border-t pt-6">
      <h3 id="sso-connection" className="text-base font-semibold">
        {t("connection.heading")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("connection.help")}</p>
      {state.redirectUrl && (
        <CopyField label={t("connection.redirectUrl")} value={state.redirectUrl} testId="sso-redirect-url" />
      )}
      <form className="grid max-w-xl gap-4" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <FormField label={t("connection.issuer")} hint={t("connection.issuerHint")}>
          {(control) => (
            <Input
              {...control}
              type="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://login.example.com"
              {...form.field("issuer")}
            />
          )}
        </FormField>
        <FormField label={t("connection.clientId")}>
          {(control) => <Input {...control} autoComplete="off" spellCheck={false} {...form.field("clientId")} />}
        </FormField>
        <FormField label={t("connection.clientSecret")} hint={connection ? t("connection.secretKept") : undefined}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.field("clientSecret")} />
          )}
        </FormField>
        <div>
          <Button type="submit" loading={save.isPending}>
            {t("connection.save")}
          </Button>
        </div>
      </form>
      {connection && (
        <div className="grid gap-3">
          <ConnectionControls enabled={connection.enabled} tested={tested} test={test} toggle={toggle} />
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
      return <EmptyState alert title={t("notAllowed.title")} description={t("notAllowed.description")} />;
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
