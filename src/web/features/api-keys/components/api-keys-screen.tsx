import { useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
} from "../../../../shared/api-keys.js";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import { SecretReveal } from "../../../components/secret-reveal.js";
import { Alert } from "../../../components/ui/alert.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { Checkbox } from "../../../components/ui/checkbox.js";
import { FormField } from "../../../components/ui/form-field.js";
import { Input } from "../../../components/ui/input.js";
import { NativeSelect } from "../../../components/ui/native-select.js";
import { useErrorMessage } from "../../../hooks/use-error-message.js";
import { formatDate } from "../../../lib/format.js";
import { apiKeyKeys, createApiKey, revokeApiKey, useApiKeys } from "../api/api-keys.js";
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
  const queryClient = useQueryClient();
  const keys = useApiKeys(organizationId);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<CreatedApiKey | null>(null);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState("90");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(organizationId) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createApiKey(
        { name: name.trim(), scopes, expiresInDays: expiry === "never" ? null : Number(expiry) },
        organizationId,
      );
      setShown(created);
      setCreating(false);
      setName("");
      setScopes([]);
      await refresh();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: string, keyName: string) {
    try {
      await revokeApiKey(id, organizationId);
      toast.success(t("revoked", { name: keyName }));
    } catch (e) {
      toast.error(describe(e));
    }
    await refresh();
  }

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
                  <Input
                    {...control}
                    value={name}
                    maxLength={API_KEY_NAME_MAX_LENGTH}
                    required
                    onChange={(e) => setName(e.target.value)}
                  />
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
                        setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))
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
                  <NativeSelect {...control} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
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
              {error && <Alert variant="destructive">{error}</Alert>}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={busy || !name.trim()}>
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
                    onConfirm={() => void revoke(key.id, key.name ?? "")}
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
