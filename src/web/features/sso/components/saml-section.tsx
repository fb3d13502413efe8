import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import { latestError } from "@/lib/query-client.js";
import { useSaveSaml, useTestSaml } from "../api/saml.js";
import type { SamlConnection, SamlSpValues } from "../api/sso.js";
import { type SsoState, useSetSsoEnabled } from "../api/sso.js";
import { useSsoTranslation } from "../hooks/use-sso-translation.js";
import { ConnectionControls } from "./connection-controls.js";
import { CopyField } from "./domain-list.js";

const TEXTAREA =
  "min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-xs shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring";

/**
 * The organization's identity provider: OpenID Connect (`oidc`, the screen's own section) or SAML 2.0
 * (below). The choice starts at the saved connection's protocol.
 */
export function ConnectionChoice({
  organizationId,
  state,
  oidc,
}: {
  organizationId: string;
  state: SsoState;
  oidc: ReactNode;
}) {
  const { t } = useSsoTranslation();
  const [protocol, setProtocol] = useState<"oidc" | "saml">(state.connection?.type ?? "oidc");
  return (
    <div className="grid min-w-0 gap-4">
      <fieldset className="grid gap-2 border-t pt-6">
        <legend className="sr-only">{t("saml.protocol")}</legend>
        <p aria-hidden="true" className="text-base font-semibold">
          {t("saml.protocol")}
        </p>
        {(["oidc", "saml"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="sso-protocol"
              value={value}
              checked={protocol === value}
              onChange={() => setProtocol(value)}
            />
            {value === "oidc" ? t("saml.protocolOidc") : t("saml.protocolSaml")}
          </label>
        ))}
        {state.connection && state.connection.type !== protocol && (
          <p className="text-sm text-muted-foreground">{t("saml.replaces")}</p>
        )}
      </fieldset>
      {protocol === "oidc" ? (
        oidc
      ) : (
        <SamlSection
          key={state.connection?.type === "saml" ? `${state.connection.idpEntityId}` : "new"}
          organizationId={organizationId}
          sp={state.samlSp}
          connection={state.connection?.type === "saml" ? state.connection : null}
        />
      )}
    </div>
  );
}

const day = (iso: string, language: string) => new Date(iso).toLocaleDateString(language, { dateStyle: "medium" });

/** A SAML 2.0 identity provider: Tessera's values to copy, the IdP's metadata (or by hand), test, on/off. */
function SamlSection({
  organizationId,
  sp,
  connection,
}: {
  organizationId: string;
  sp: SamlSpValues | undefined;
  connection: SamlConnection | null;
}) {
  const { t, i18n } = useSsoTranslation();
  const form = useForm({
    defaults: {
      mode: connection && !connection.fromMetadata ? "manual" : "metadata",
      metadata: "",
      entityId: connection?.fromMetadata ? "" : (connection?.idpEntityId ?? ""),
      ssoUrl: connection?.fromMetadata ? "" : (connection?.ssoUrl ?? ""),
      certificate: "",
    },
    validate: {},
  });
  const { mode } = form.values;
  const [tested, setTested] = useState<string | null>(null);
  const save = useSaveSaml(organizationId, {
    beforeRefetch: () => {
      form.clear("metadata", "certificate");
      setTested(null);
      toast.success(t("saml.saved"));
    },
  });
  const test = useTestSaml(organizationId, {
    onMutate: () => setTested(null),
    beforeRefetch: (answer) => {
      const until = answer.certificates.find((c) => c.valid)?.notAfter ?? "";
      setTested(t("saml.testOk", { entityId: answer.idpEntityId, date: until ? day(until, i18n.language) : "" }));
    },
  });
  const toggle = useSetSsoEnabled(organizationId, {
    beforeRefetch: (_, enabled) => toast.success(enabled ? t("connection.turnedOn") : t("connection.turnedOff")),
  });
  // The section's actions share one error line: the latest one's.
  const error = latestError(save, test, toggle);

  return (
    <section aria-labelledby="sso-saml" className="grid min-w-0 gap-4 border-t pt-6">
      <h3 id="sso-saml" className="text-base font-semibold">
        {t("saml.heading")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("saml.help")}</p>
      {sp && (
        <div className="grid min-w-0 gap-3">
          <CopyField label={t("saml.spEntityId")} value={sp.spEntityId} testId="sso-saml-entity-id" />
          <CopyField label={t("saml.acsUrl")} value={sp.acsUrl} testId="sso-saml-acs-url" />
          <CopyField label={t("saml.spMetadataUrl")} value={sp.spMetadataUrl} testId="sso-saml-metadata-url" />
          <p className="text-sm text-muted-foreground">{t("saml.spHint")}</p>
        </div>
      )}
      <form
        className="grid max-w-xl gap-4"
        noValidate
        onSubmit={form.handleSubmit(({ metadata, entityId, ssoUrl, certificate }) =>
          save.mutate(mode === "metadata" ? { metadata } : { entityId, ssoUrl, certificate }),
        )}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("saml.idp")}</legend>
          {(["metadata", "manual"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="sso-saml-mode"
                value={value}
                checked={mode === value}
                onChange={() => form.setValue("mode", value)}
              />
              {value === "metadata" ? t("saml.modeMetadata") : t("saml.modeManual")}
            </label>
          ))}
        </fieldset>
        {mode === "metadata" ? (
          <>
            <FormField label={t("saml.metadata")} hint={connection ? t("saml.metadataKept") : t("saml.metadataHint")}>
              {(control) => (
                <textarea
                  {...control}
                  rows={6}
                  spellCheck={false}
                  placeholder={'<EntityDescriptor entityID="…">'}
                  {...form.field("metadata")}
                  className={TEXTAREA}
                />
              )}
            </FormField>
            <FormField label={t("saml.upload")}>
              {(control) => (
                <input
                  {...control}
                  type="file"
                  accept=".xml,application/xml,text/xml"
                  className="text-sm"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) void file.text().then((text) => form.setValue("metadata", text));
                  }}
                />
              )}
            </FormField>
          </>
        ) : (
          <>
            <FormField label={t("saml.entityId")}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://idp.example.com/metadata"
                  {...form.field("entityId")}
                />
              )}
            </FormField>
            <FormField label={t("saml.ssoUrl")} hint={t("saml.ssoUrlHint")}>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://idp.example.com/sso"
                  {...form.field("ssoUrl")}
                />
              )}
            </FormField>
            <FormField label={t("saml.certificate")} hint={t("saml.certificateHint")}>
              {(control) => (
                <textarea
                  {...control}
                  rows={6}
                  spellCheck={false}
                  placeholder="-----BEGIN CERTIFICATE-----"
                  {...form.field("certificate")}
                  className={TEXTAREA}
                />
              )}
            </FormField>
          </>
        )}
        <div>
          <Button type="submit" loading={save.isPending}>
            {t("connection.save")}
          </Button>
        </div>
      </form>
      {connection && (
        <div className="grid gap-3">
          <dl className="grid gap-1 text-sm" data-testid="sso-saml-idp">
            <dt className="font-medium">{t("saml.idpEntityId")}</dt>
            <dd className="break-all font-mono text-xs">{connection.idpEntityId}</dd>
            <dt className="font-medium">{t("saml.ssoUrl")}</dt>
            <dd className="break-all font-mono text-xs">{connection.ssoUrl}</dd>
            {connection.certificates.map((cert) => (
              <div key={`${cert.subject}|${cert.notAfter}`} className="grid gap-1">
                <dt className="font-medium">{t("saml.certificate")}</dt>
                <dd className="break-all">
                  {cert.subject} —{" "}
                  {cert.valid
                    ? t("saml.validUntil", { date: day(cert.notAfter, i18n.language) })
                    : t("saml.notValid", {
                        from: day(cert.notBefore, i18n.language),
                        until: day(cert.notAfter, i18n.language),
                      })}
                </dd>
              </div>
            ))}
          </dl>
          <ConnectionControls enabled={connection.enabled} tested={tested} test={test} toggle={toggle} />
        </div>
      )}
      <ApiErrorAlert error={error} />
    </section>
  );
}
