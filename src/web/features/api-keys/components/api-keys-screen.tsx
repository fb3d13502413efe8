import { Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { SecretReveal } from "@/components/secret-reveal.js";
import { Alert } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { NativeSelect } from "@/components/ui/native-select.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useForm } from "@/hooks/use-form.js";
import { formatDate } from "@/lib/format.js";
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
} from "@/shared/api-keys.js";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys.js";
import { useApiKeysTranslation } from "../hooks/use-api-keys-translation.js";

/**
 * API keys (docs/integrate.md "API keys"): the signed-in user's own (Settings → API keys) or one
 * organization's (its owners and admins). Create with a name, scopes and a lifetime, see the key once,
 * revoke. The server checks every call again.
 */
export function ApiKeysScreen({
  organizationId,
  organizationName,
}: {
  organizationId?: string;
  organizationName?: string;
}) {
  const { t, i18n } = useApiKeysTranslation();
  const describe = useErrorMessage();
  const keys = useApiKeys(organizationId);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<CreatedApiKey | null>(null);
  // The lifetime chosen stays for the next key; the name and scopes are cleared once one is made.
  const form = useForm({ defaults: { name: "", scopes: [] as readonly ApiKeyScope[], expiry: "90" } });
  const create = useCreateApiKey(organizationId, {
    beforeRefetch: (created) => {
      setShown(created);
      setCreating(false);
      form.clear("name", "scopes");
    },
  });
  const revoke = useRevokeApiKey(organizationId, {
    beforeRefetch: (_, { name }) => void toast.success(t("revoked", { name })),
    onError: (e) => void toast.error(describe(e)),
  });
  const { scopes } = form.values;

  const submit = form.handleSubmit(({ name, expiry }) =>
    create.mutate({
      name: name.trim(),
      scopes: [...scopes],
      expiresInDays: expiry === "never" ? null : Number(expiry),
    }),
  );

  const expiryLabels: Record<number, string> = {
    7: t("form.days7"),
    30: t("form.days30"),
    90: t("form.days90"),
    365: t("form.days365"),
  };
  const scopeLabels: Record<ApiKeyScope, string> = {
    "organizations:read": t("scopes.organizationsRead"),
    "organizations:write": t("scopes.organizationsWrite"),
    "audit:read": t("scopes.auditRead"),
    "webhooks:read": t("scopes.webhooksRead"),
  };
  const date = (value: string | null, empty: string) => (value ? formatDate(value, i18n.language) : empty);

  return (
    <div className="grid min-w-0 gap-6">
      {shown && (
        <SecretReveal
          id="api-key-secret-title"
          title={t("secret.title")}
          secret={shown.key}
          secretLabel={t("secret.label")}
          copyLabel={t("secret.copy")}
          copiedLabel={t("secret.copied")}
          doneLabel={t("secret.done")}
          onDone={() => setShown(null)}
          testId="api-key-secret"
          secretTestId="api-key-secret-value"
          footer={<p className="text-sm text-muted-foreground">{t("secret.use")}</p>}
        >
          <p className="text-sm">
            {t("secret.for")} <span className="font-medium">{shown.apiKey.name}</span>
          </p>
          <p className="text-sm font-medium">{t("secret.once")}</p>
        </SecretReveal>
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("title")}</CardTitle>
          <CardDescription>
            {organizationName ? t("descriptionOrganization", { organization: organizationName }) : t("description")}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!creating && (
            <div>
              <Button type="button" onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                {t("create")}
              </Button>
            </div>
          )}
          {creating && (
            <form
              className="grid gap-4 rounded-lg border p-4"
              onSubmit={(e) => void submit(e)}
              aria-label={t("create")}
            >
              <FormField label={t("form.name")} hint={t("form.nameHint")}>
                {(control) => (
                  <Input {...control} {...form.field("name")} maxLength={API_KEY_NAME_MAX_LENGTH} required />
                )}
              </FormField>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{t("form.scopes")}</legend>
                {API_KEY_SCOPES.map((scope) => (
                  <div key={scope} className="flex items-start gap-2 text-sm">
                    <Checkbox
                      id={`api-key-scope-${scope.replace(":", "-")}`}
                      className="mt-0.5"
                      checked={scopes.includes(scope)}
                      onChange={(e) =>
                        form.setValue(
                          "scopes",
                          e.target.checked ? [...scopes, scope] : scopes.filter((x) => x !== scope),
                        )
                      }
                    />
                    <label htmlFor={`api-key-scope-${scope.replace(":", "-")}`}>
                      <span className="font-mono">{scope}</span> — {scopeLabels[scope]}
                    </label>
                  </div>
                ))}
                <p className="text-sm text-muted-foreground">{t("form.scopesHint")}</p>
              </fieldset>
              <FormField label={t("form.expiry")}>
                {(control) => (
                  <NativeSelect {...control} {...form.field("expiry")}>
                    {API_KEY_EXPIRY_DAYS.map((days) =>
                      days === null ? (
                        <option key="never" value="never">
                          {t("form.never")}
                        </option>
                      ) : (
                        <option key={days} value={String(days)}>
                          {expiryLabels[days]}
                        </option>
                      ),
                    )}
                  </NativeSelect>
                )}
              </FormField>
              {create.error && <Alert variant="destructive">{describe(create.error)}</Alert>}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={create.isPending || !form.values.name.trim()}>
                  {t("form.submit")}
                </Button>
                <Button type="button" variant="outline" onClick={() => setCreating(false)}>
                  {t("form.cancel")}
                </Button>
              </div>
            </form>
          )}
          {keys.isPending && <p className="text-sm text-muted-foreground">{t("loading")}</p>}
          {keys.isError && <Alert variant="destructive">{describe(keys.error)}</Alert>}
          {keys.data?.length === 0 && <p className="text-sm text-muted-foreground">{t("empty")}</p>}
          {keys.data && keys.data.length > 0 && (
            <ul className="grid gap-3" aria-label={t("title")}>
              {keys.data.map((key) => (
                <li
                  key={key.id}
                  className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_auto] sm:items-start"
                  data-testid="api-key-row"
                >
                  <div className="grid min-w-0 gap-1 text-sm">
                    <p className="font-medium break-words">{key.name}</p>
                    <p className="font-mono text-muted-foreground">{key.start}…</p>
                    <p className="text-muted-foreground">{key.scopes.length ? key.scopes.join(", ") : t("noScopes")}</p>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-muted-foreground">
                      <dt>{t("created")}</dt>
                      <dd>{date(key.createdAt, "")}</dd>
                      <dt>{t("lastUsed")}</dt>
                      <dd>{date(key.lastUsedAt, t("neverUsed"))}</dd>
                      <dt>{t("expires")}</dt>
                      <dd>{date(key.expiresAt, t("noExpiry"))}</dd>
                    </dl>
                  </div>
                  <ConfirmDialog
                    trigger={
                      <Button type="button" variant="outline">
                        {t("revoke")}
                      </Button>
                    }
                    title={t("revokeTitle", { name: key.name ?? "" })}
                    description={t("revokeDescription")}
                    confirmLabel={t("revoke")}
                    cancelLabel={t("form.cancel")}
                    destructive
                    onConfirm={() => revoke.mutate({ id: key.id, name: key.name ?? "" })}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
