import { useState } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { useForm } from "@/hooks/use-form.js";
import { latestError } from "@/lib/query-client.js";
import { useSavePolicy } from "../api/policy.js";
import { type AutoJoin, type SsoState, useSsoState } from "../api/sso.js";
import { useSsoTranslation } from "../hooks/use-sso-translation.js";

const MODES: AutoJoin[] = ["off", "invite", "member"];

function PolicyForm({ organizationId, state }: { organizationId: string; state: SsoState }) {
  const { t } = useSsoTranslation();
  const form = useForm({ defaults: { autoJoin: state.policy.autoJoin }, validate: {} });
  const { autoJoin } = form.values;
  // Shown at once; back to the server's value if the change is refused.
  const [required, setRequired] = useState(state.policy.ssoRequired);
  const saveJoin = useSavePolicy(organizationId, { onSuccess: () => toast.success(t("policy.join.saved")) });
  const saveRequired = useSavePolicy(organizationId, {
    onSuccess: (_, { ssoRequired }) => toast.success(ssoRequired ? t("policy.required.on") : t("policy.required.off")),
    onError: () => setRequired(state.policy.ssoRequired),
  });
  const error = latestError(saveJoin, saveRequired);
  const connectionOn = !!state.connection?.enabled;
  const modeTexts: Record<AutoJoin, [string, string]> = {
    off: [t("policy.join.off.label"), t("policy.join.off.description")],
    invite: [t("policy.join.invite.label"), t("policy.join.invite.description")],
    member: [t("policy.join.member.label"), t("policy.join.member.description")],
  };

  return (
    <div className="grid min-w-0 gap-6">
      <form
        className="grid max-w-xl gap-4"
        onSubmit={form.handleSubmit(() => saveJoin.mutate({ autoJoin }))}
        noValidate
      >
        <fieldset className="grid gap-3" data-testid="sso-auto-join">
          <legend className="mb-1 text-base font-semibold">{t("policy.join.heading")}</legend>
          <p className="text-sm text-muted-foreground">
            {t("policy.join.help", {
              domain: state.domains
                .filter((d) => d.verified)
                .map((d) => d.name)
                .join(", "),
            })}
          </p>
          {MODES.map((mode) => (
            <label key={mode} className="flex items-start gap-3 rounded-lg border p-3 text-sm">
              <input
                type="radio"
                name="sso-auto-join"
                className="mt-1 accent-primary"
                value={mode}
                checked={autoJoin === mode}
                aria-describedby={`sso-auto-join-${mode}`}
                onChange={() => form.setValue("autoJoin", mode)}
              />
              <span className="grid gap-1">
                <span className="font-medium">{modeTexts[mode][0]}</span>
                <span id={`sso-auto-join-${mode}`} className="text-muted-foreground">
                  {modeTexts[mode][1]}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" loading={saveJoin.isPending} disabled={autoJoin === state.policy.autoJoin}>
            {t("policy.join.save")}
          </Button>
        </div>
      </form>
      <section aria-labelledby="sso-required" className="grid max-w-xl gap-3 border-t pt-6">
        <h3 id="sso-required" className="text-base font-semibold">
          {t("policy.required.heading")}
        </h3>
        <div className="flex items-start gap-3 text-sm">
          <Checkbox
            id="sso-required-box"
            className="mt-0.5"
            checked={required}
            disabled={saveRequired.isPending || (!connectionOn && !state.policy.ssoRequired)}
            aria-describedby="sso-required-help"
            onChange={(e) => {
              const ssoRequired = e.target.checked;
              setRequired(ssoRequired);
              saveRequired.mutate({ ssoRequired });
            }}
          />
          <span className="grid gap-1">
            <label htmlFor="sso-required-box" className="font-medium">
              {t("policy.required.label")}
            </label>
            <span id="sso-required-help" className="text-muted-foreground">
              {t("policy.required.help")}
            </span>
          </span>
        </div>
        {!connectionOn && (
          <p className="text-sm text-muted-foreground" data-testid="sso-required-needs">
            {state.policy.ssoRequired ? t("policy.required.inactive") : t("policy.required.needsConnection")}
          </p>
        )}
      </section>
      <ApiErrorAlert error={error} />
    </div>
  );
}

/**
 * The organization's policy for its verified domain (docs/sso.md "Who joins", "SSO required"): what happens
 * to people of the domain, and whether they may sign in only through the identity provider. Shown once the
 * domain is verified; owners and admins only (the single sign-on screen above says so to others).
 */
export function PolicySection({ organizationId }: { organizationId: string }) {
  const { t } = useSsoTranslation();
  const state = useSsoState(organizationId);
  if (!state.data?.domains.some((d) => d.verified)) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("policy.heading")}</CardTitle>
        <CardDescription>{t("policy.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <PolicyForm
          key={`${state.data.policy.autoJoin}|${state.data.policy.ssoRequired}`}
          organizationId={organizationId}
          state={state.data}
        />
      </CardContent>
    </Card>
  );
}
