import { Alert } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import {
  backchannelLogoutUriProblem,
  OAUTH_SCOPES,
  type OAuthClientView,
  type OAuthScope,
  redirectUriProblem,
} from "@/shared/oauth.js";
import type { NewClient } from "../api/clients.js";
import { useOAuthTranslation } from "../hooks/use-oauth-translation.js";

/** The redirect URIs typed one per line, and the first one the server would refuse. */
export function parseRedirectUris(text: string): { uris: string[]; invalid: string | null } {
  const uris = [
    ...new Set(
      text
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  return { uris, invalid: uris.find((u) => redirectUriProblem(u) !== null) ?? null };
}

/** Adding or changing an app: name, redirect URIs, scopes, type (fixed once added) and first-party. */
export function ClientForm({
  client,
  allowTrusted = true,
  error,
  busy,
  onSubmit,
  onCancel,
}: {
  client?: OAuthClientView;
  /** Only site admins mark an app first-party; an organization's apps always ask for consent. */
  allowTrusted?: boolean;
  error: string | null;
  busy: boolean;
  onSubmit: (values: NewClient) => void;
  onCancel: () => void;
}) {
  const { t } = useOAuthTranslation();
  // Checked on submit only, and the focus stays where it is, as this form always did.
  const form = useForm({
    defaults: {
      name: client?.name ?? "",
      uris: (client?.redirectUris ?? []).join("\n"),
      scopes: client?.scopes ?? (["openid", "profile", "email"] as OAuthScope[]),
      type: client?.type ?? ("confidential" as "public" | "confidential"),
      trusted: client?.trusted ?? false,
      backchannel: client?.backchannelLogoutUri ?? "",
    },
    validate: {
      name: (v) => (v.trim() ? undefined : t("form.nameRequired")),
      uris: (v) => {
        const parsed = parseRedirectUris(v);
        if (parsed.invalid) return t("form.redirectInvalid", { uri: parsed.invalid });
        return parsed.uris.length ? undefined : t("form.redirectRequired");
      },
      scopes: (v) => (v.includes("openid") ? undefined : t("form.openidRequired")),
      backchannel: (v) =>
        v.trim() && backchannelLogoutUriProblem(v.trim()) ? t("form.backchannelInvalid") : undefined,
    },
    revalidate: "submit",
    focusInvalid: false,
  });
  const { scopes, type } = form.values;
  const problems = form.errors;

  const submit = form.handleSubmit(({ name, uris, scopes, type, trusted, backchannel }) =>
    onSubmit({
      name: name.trim(),
      redirectUris: parseRedirectUris(uris).uris,
      scopes,
      type,
      trusted: allowTrusted && trusted,
      backchannelLogoutUri: backchannel.trim() || null,
    }),
  );

  const toggle = (scope: OAuthScope, on: boolean) =>
    form.setValue("scopes", on ? [...scopes, scope] : scopes.filter((s) => s !== scope));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">
        {client ? t("form.editTitle", { app: client.name }) : t("form.createTitle")}
      </h2>
      <FormField label={t("form.name")} hint={t("form.nameHint")} error={problems.name}>
        {(control) => <Input {...control} {...form.field("name")} maxLength={100} />}
      </FormField>
      <FormField label={t("form.redirectUris")} hint={t("form.redirectUrisHint")} error={problems.uris}>
        {(control) => (
          <textarea
            {...control}
            {...form.field("uris")}
            rows={3}
            className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          />
        )}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("form.scopes")}</legend>
        {OAUTH_SCOPES.map((scope) => (
          <div key={scope} className="flex items-start gap-2 text-sm">
            <Checkbox
              id={`scope-${scope}`}
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
              aria-describedby={`scope-${scope}-what`}
            />
            <label htmlFor={`scope-${scope}`}>
              <span className="font-mono">{scope}</span>{" "}
              <span id={`scope-${scope}-what`} className="text-muted-foreground">
                {t(`scopes.${scope}`)}
              </span>
            </label>
          </div>
        ))}
        {problems.scopes && <p className="text-sm font-medium text-destructive">{problems.scopes}</p>}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("form.type")}</legend>
        {(["confidential", "public"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="client-type"
              value={value}
              checked={type === value}
              disabled={Boolean(client)}
              onChange={() => form.setValue("type", value)}
            />
            {value === "public" ? t("form.typePublic") : t("form.typeConfidential")}
          </label>
        ))}
        {client && <p className="text-sm text-muted-foreground">{t("form.typeFixed")}</p>}
      </fieldset>
      <FormField label={t("form.backchannel")} hint={t("form.backchannelHint")} error={problems.backchannel}>
        {(control) => (
          <Input {...control} {...form.field("backchannel")} type="url" maxLength={2048} className="font-mono" />
        )}
      </FormField>
      {allowTrusted ? (
        <div className="flex items-center gap-2 text-sm">
          <Checkbox id="client-trusted" {...form.field("trusted")} />
          <label htmlFor="client-trusted">{t("form.trusted")}</label>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("form.alwaysConsent")}</p>
      )}
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {client ? t("form.save") : t("form.create")}
        </Button>
      </div>
    </form>
  );
}
