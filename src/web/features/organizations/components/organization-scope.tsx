import { useQueryClient } from "@tanstack/react-query";
import { Fragment, type ReactNode, useCallback, useEffect, useMemo, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { isMfaRequired, MfaRequiredCard } from "@/components/mfa-required-card.js";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useSession } from "@/lib/api/session.js";
import { ApiError } from "@/lib/api-error.js";
import { keys } from "../api/keys.js";
import { useActivateOrganization, useFullOrganization, useOrganizationList } from "../api/organizations.js";
import { useMyPermissions } from "../api/roles.js";
import { OrganizationScopeContext, type OrganizationScopeValue } from "../hooks/organization-scope-context.js";
import { useDescribeError } from "../hooks/use-describe-error.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { can } from "../utils/permissions.js";

/**
 * Loads the organization of /org/:slug and makes it the active one, so the header's switcher and the
 * screen agree; choosing another organization in the switcher then opens the same screen for it.
 */
export function OrganizationScope({ slug, children }: { slug: string; children: ReactNode }) {
  const { t } = useOrgTranslation();
  const describeError = useDescribeError();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const full = useFullOrganization(slug);
  const list = useOrganizationList();
  const activeId = session?.session.activeOrganizationId ?? null;
  const organization = full.data;
  // What this member may do, custom roles included: the server resolves it (one request per organization;
  // refresh() and every role change invalidate it, so a changed role shows at once).
  // The switcher's list already knows the id: the request need not wait for the full organization.
  const permissions = useMyPermissions(organization?.id ?? list.data?.find((o) => o.slug === slug)?.id);
  // The organization this screen made active; until then, a different active one is not a switch.
  const activated = useRef<string | null>(null);
  const activate = useActivateOrganization({
    // Before the role's refetch: the switch this screen made is not one the switcher made.
    beforeRefetch: (_, id) => {
      activated.current = id;
    },
  });
  const { mutate: activateOrganization } = activate;
  // A failure to make this organization active (not an earlier one's the screen has left).
  const activationError = activate.variables === organization?.id ? activate.error : null;

  useEffect(() => {
    if (!organization || activated.current === organization.id) return;
    if (activeId === organization.id) {
      activated.current = organization.id;
      return;
    }
    activateOrganization(organization.id);
  }, [organization, activeId, activateOrganization]);

  useEffect(() => {
    if (!organization || activated.current !== organization.id || !activeId || activeId === organization.id) return;
    const next = list.data?.find((o) => o.id === activeId);
    if (!next) return;
    // Same section, other organization: /org/a/members → /org/b/members.
    const section = location.pathname.slice(paths.organization.getHref(slug).length);
    navigate(`${paths.organization.getHref(next.slug)}${section}`);
  }, [activeId, organization, list.data, slug, location.pathname, navigate]);

  const refresh = useCallback(async () => {
    for (const queryKey of keys.screens) await queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);

  const me = organization?.members.find((m) => m.userId === session?.user.id);
  const granted = permissions.data?.permissions;
  const value = useMemo<OrganizationScopeValue | null>(
    () => (organization && me && granted ? { organization, me, can: (p) => can(granted, p), refresh } : null),
    [organization, me, granted, refresh],
  );

  const error = full.error ?? activationError ?? permissions.error;
  if (
    full.isPending ||
    (organization && permissions.isPending && !permissions.error) ||
    (isMfaRequired(error) && list.isPending)
  ) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label={t("common.loading")} />
      </div>
    );
  }
  // The organization requires two-step verification and this member has none: lead them to set it up.
  if (isMfaRequired(error)) {
    const name = list.data?.find((o) => o.slug === slug)?.name ?? slug;
    return (
      <MfaRequiredCard
        organizationName={name}
        returnTo={location.pathname}
        back={{ to: paths.organizations.getHref(), label: t("scope.backToList") }}
      />
    );
  }
  if (error || !value) {
    const missing =
      !value ||
      (error instanceof ApiError &&
        ["ORGANIZATION_NOT_FOUND", "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION"].includes(error.code ?? ""));
    return (
      <StatusCard
        tone={missing ? "warning" : "error"}
        title={missing ? t("scope.missingTitle") : t("scope.failedTitle")}
        description={missing ? t("scope.missingDescription") : describeError(error)}
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.organizations.getHref()}>{t("scope.backToList")}</Link>
          </Button>
        }
      />
    );
  }
  // Keyed by organization: switching to another one starts every form afresh.
  return (
    <OrganizationScopeContext.Provider value={value}>
      <Fragment key={value.organization.id}>{children}</Fragment>
    </OrganizationScopeContext.Provider>
  );
}
