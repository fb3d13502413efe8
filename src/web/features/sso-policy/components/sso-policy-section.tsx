import { useState } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { useForm } from "@/hooks/use-form.js";
import { latestError } from "@/lib/query-client.js";
import { type AutoJoin, type SsoPolicyState, useSavePolicy, useSsoPolicyState } from "../api/policy.js";
import { useSsoPolicyTranslation } from "../hooks/use-sso-policy-translation.js";

const MODES: AutoJoin[] = ["off", "invite", "member"];

function PolicyForm({ organizationId, state }: { organizationId: string; state: SsoPolicyState }) {
  const { t } = useSsoPolicyTranslation();
  const form = useForm({ defaults: { autoJoin: state.policy.autoJoin }, validate: {} });
  const { autoJoin } = form.values;
  // Shown at once; back to the server's value if the change is refused.
  const [required, setRequired] = useState(state.policy.ssoRequired);
  const saveJoin = useSavePolicy(organizationId, { onSuccess: () => toast.success(t("join.saved")) });
  const saveRequired = useSavePolicy(organizationId, {
    onSuccess: (_, { ssoRequired }) => toast.success(ssoRequired ? t("required.on") : t("required.off")),
    onError: () => setRequired(state.policy.ssoRequired),
  });
  const error = latestError(saveJoin, saveRequired);
  const connectionOn = !!state.connection?.enabled;
  const modeTexts: Record<AutoJoin, [string, string]> = {
    off: [t("join.off.label"), t("join.off.description")],
    invite: [t("join.invite.label"), t("join.invite.description")],
    member: [t("join.member.label"), t("join.member.description")],
  };

  return (
    <div className="grid min-w-0 gap-6">
      <form
        className="grid max-w-xl gap-4"
        onSubmit={form.handleSubmit(() => saveJoin.mutate({ autoJoin }))}
        noValidate
      >
        <fieldset className="grid gap-3" data-testid="sso-auto-join">
          <legend className="mb-1 text-base font-semibold">{t("join.heading")}</legend>
          <p className="text-sm text-muted-foreground">
            {t("join.help", {
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
            {t("join.save")}
          </Button>
        </div>
      </form>
      <section aria-labelledby="sso-required" className="grid max-w-xl gap-3 border-t pt-6">
        <h3 id="sso-required" className="text-base font-semibold">
          {t("required.heading")}
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
              {t("required.label")}
            </label>
            <span id="sso-required-help" className="text-muted-foreground">
              {t("required.help")}
            </span>
          </span>
        </div>
        {!connectionOn && (
          <p className="text-sm text-muted-foreground" data-testid="sso-required-needs">
            {state.policy.ssoRequired ? t("required.inactive") : t("required.needsConnection")}
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
export function SsoPolicySection({ organizationId }: { organizationId: string }) {
  const { t } = useSsoPolicyTranslation();
  const state = useSsoPolicyState(organizationId);
  if (!state.data?.domains.some((d) => d.verified)) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("heading")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
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
