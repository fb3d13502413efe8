import { useQueryClient } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiErrorAlert } from "../../../components/errors/api-error-alert.js";
import { isMfaRequired, MfaRequiredCard } from "../../../components/mfa-required-card.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { Spinner } from "../../../components/ui/spinner.js";
import { paths } from "../../../config/paths.js";
import { formatDate } from "../../../lib/format.js";
import { translateRoles } from "../../../lib/roles.js";
import { useSession } from "../../../lib/session.js";
import { organizationsKey, setActiveOrganization, useActiveMember, useOrganizations } from "../api/organizations.js";

/** The home page's card: the active organization and the user's role in it, or how to get one. */
export function ActiveOrganization() {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const organizations = useOrganizations();
  const activeId = session?.session.activeOrganizationId ?? null;
  const member = useActiveMember(activeId);
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const navigate = useNavigate();
  const active = organizations.data?.find((o) => o.id === activeId);

  if (organizations.isPending) return <Spinner label={t("common.loading")} />;
  if (organizations.isError) return <ApiErrorAlert error={organizations.error} />;

  if (!active) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("home.noActiveTitle")}</CardTitle>
          <CardDescription>
            {organizations.data.length ? t("home.chooseDescription") : t("home.noOrganizationsDescription")}
          </CardDescription>
        </CardHeader>
        {organizations.data.length > 0 && (
          <CardContent className="grid gap-2">
            <ApiErrorAlert error={error} />
            <ul className="grid gap-2">
              {organizations.data.map((o) => (
                <li key={o.id}>
                  <Button
                    variant="outline"
                    justify="start"
                    className="w-full"
                    onClick={async () => {
                      setError(null);
                      try {
                        await setActiveOrganization(o.id);
                        await queryClient.invalidateQueries({ queryKey: organizationsKey });
                      } catch (e) {
                        // Held back by its two-step policy: its page leads to the setup.
                        if (isMfaRequired(e)) navigate(paths.organization.getHref(o.slug));
                        else setError(e);
                      }
                    }}
                  >
                    <Building2 aria-hidden="true" />
                    {o.name}
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        )}
      </Card>
    );
  }

  if (isMfaRequired(member.error)) {
    return (
      <MfaRequiredCard
        organizationName={active.name}
        returnTo={paths.organization.getHref(active.slug)}
        back={{ to: paths.organizations.getHref(), label: t("mfaRequired.back") }}
      />
    );
  }

  const role = member.data?.role;
  return (
    <Card data-testid="active-organization">
      <CardHeader>
        <CardDescription>{t("home.activeOrganization")}</CardDescription>
        <h2 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <Building2 className="size-6" aria-hidden="true" />
          <span className="break-all">{active.name}</span>
        </h2>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t("home.slug")}</dt>
          <dd className="font-mono break-all">{active.slug}</dd>
          <dt className="text-muted-foreground">{t("home.yourRole")}</dt>
          <dd>{role ? translateRoles(role, t) : "…"}</dd>
          <dt className="text-muted-foreground">{t("home.created")}</dt>
          <dd>{formatDate(active.createdAt, i18n.language)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
