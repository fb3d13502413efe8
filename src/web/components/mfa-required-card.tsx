import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../config/paths.js";
import { ApiError } from "../lib/api-error.js";
import { Button } from "./ui/button.js";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "./ui/card.js";

/** Whether a failed call was refused by an organization's two-step policy (server code MFA_REQUIRED). */
export function isMfaRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "MFA_REQUIRED";
}

/**
 * The one screen a member without two-step verification sees for an organization that requires it
 * (docs/mfa.md "Organization policy"): what is asked, why a passkey alone is not enough, and the
 * way to Settings → Security, which brings them back to `returnTo` once done.
 */
export function MfaRequiredCard({
  organizationName,
  returnTo,
  back,
}: {
  organizationName: string;
  /** Where Settings → Security sends them afterwards (the organization's page, the invitation). */
  returnTo: string;
  /** A second way out, such as the organization list. */
  back?: { to: string; label: string };
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid="mfa-required">
      <CardHeader className="items-center text-center">
        <ShieldCheck className="mb-2 size-10 text-foreground" aria-hidden="true" />
        <CardTitle>{t("mfaRequired.title", { organization: organizationName })}</CardTitle>
        <CardDescription large>{t("mfaRequired.description")}</CardDescription>
        <CardDescription>{t("mfaRequired.passkeys")}</CardDescription>
      </CardHeader>
      <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center sm:justify-center">
        <Button asChild>
          <Link to={paths.settingsSecurity.getHref(returnTo)}>{t("mfaRequired.action")}</Link>
        </Button>
        {back && (
          <Button variant="outline" asChild>
            <Link to={back.to}>{back.label}</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
