import { useId } from "react";
import { Link, useLocation } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { paths } from "@/config/paths.js";
import { useSetRequireMfa } from "../api/organizations.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { FormError } from "./form-error.js";

/**
 * Whether the organization requires two-step verification of its members (docs/mfa.md
 * "Organization policy"). Owners and admins change it, and only once they have two-step on themselves;
 * everyone else reads it.
 */
export function MfaPolicyCard() {
  const { t } = useOrgTranslation();
  const { organization, me, can } = useOrganizationScope();
  const location = useLocation();
  const id = useId();
  const change = useSetRequireMfa(organization.id, {
    beforeRefetch: (_, next) => toast.success(next ? t("mfaPolicy.savedOn") : t("mfaPolicy.savedOff")),
  });
  const required = organization.requireMfa === true;
  const editable = can({ organization: ["update"] });
  const ownTwoStep = me.mfa?.twoFactor != null;
  const without = organization.members.filter((m) => m.mfa && m.mfa.twoFactor === null).length;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("mfaPolicy.heading")}</CardTitle>
        <CardDescription>{t("mfaPolicy.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormError error={change.error} />
        {editable ? (
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${id}-require`}
              className="mt-0.5"
              checked={required}
              disabled={change.isPending || !ownTwoStep}
              aria-describedby={`${id}-hint`}
              onChange={(e) => change.mutate(e.target.checked)}
            />
            <div className="grid gap-1">
              <label htmlFor={`${id}-require`} className="text-sm font-medium">
                {t("mfaPolicy.label")}
              </label>
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                {!ownTwoStep
                  ? t("mfaPolicy.needOwn")
                  : required
                    ? t("mfaPolicy.hintOn")
                    : t("mfaPolicy.hintOff", { count: without })}
              </p>
            </div>
          </div>
        ) : (
          <p className="text-sm" data-testid="mfa-policy-status">
            {required ? t("mfaPolicy.statusOn") : t("mfaPolicy.statusOff")}
          </p>
        )}
        {editable && !ownTwoStep && (
          <div>
            <Button variant="outline" asChild>
              <Link to={paths.settingsSecurity.getHref(location.pathname)}>{t("mfaPolicy.setUpOwn")}</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
