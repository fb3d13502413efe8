import { Building2, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { isMfaRequired, MfaRequiredCard } from "@/components/mfa-required-card.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useSession } from "@/lib/api/session.js";
import { formatDate } from "@/lib/format.js";
import { translateRoles } from "@/lib/roles.js";
import { useActiveMember, useOrganizationList } from "../api/organizations.js";
import { useHomeTranslation } from "../hooks/use-home-translation.js";

/** The home page's card: the active organization and the user's role in it, or how to get one. */
export function ActiveOrganization({ mayCreate }: { mayCreate: boolean }) {
  const { t: appT, i18n } = useTranslation();
  const { t } = useHomeTranslation();
  const { session } = useSession();
  const organizations = useOrganizationList();
  const activeId = session?.session.activeOrganizationId ?? null;
  const member = useActiveMember(activeId);
  const active = organizations.data?.find((o) => o.id === activeId);

  if (organizations.isPending) return <Spinner label={appT("common.loading")} />;
  if (organizations.isError) return <ApiErrorAlert error={organizations.error} />;

  if (!active) {
    const none = organizations.data.length === 0;
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">{none ? t("home.noActiveTitle") : t("home.yourOrganizations")}</CardTitle>
          <CardDescription>
            {!none
              ? t("home.chooseDescription")
              : mayCreate
                ? t("home.noOrganizationsCreate")
                : t("home.noOrganizationsDescription")}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!none && (
            <ul className="grid gap-2">
              {organizations.data.map((o) => (
                <li key={o.id}>
                  {/* Its page makes it the active one, or leads to the two-step setup its policy asks for. */}
                  <Link
                    to={paths.organization.getHref(o.slug)}
                    className="flex items-center gap-3 rounded-lg border p-3 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
                  >
                    <Building2 className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="grid min-w-0 flex-1">
                      <span className="font-medium break-words">{o.name}</span>
                      <span className="font-mono text-sm break-all text-muted-foreground">{o.slug}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {mayCreate && (
            <div>
              <Button asChild variant={none ? "default" : "outline"}>
                <Link to={paths.organizationNew.getHref()}>
                  <Plus aria-hidden="true" />
                  {t("home.createOrganization")}
                </Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    );
  }

  if (isMfaRequired(member.error)) {
    return (
      <MfaRequiredCard
        organizationName={active.name}
        returnTo={paths.organization.getHref(active.slug)}
        back={{ to: paths.organizations.getHref(), label: appT("mfaRequired.back") }}
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
          <dd>{role ? translateRoles(role, appT) : "…"}</dd>
          <dt className="text-muted-foreground">{t("home.created")}</dt>
          <dd>{formatDate(active.createdAt, i18n.language)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
