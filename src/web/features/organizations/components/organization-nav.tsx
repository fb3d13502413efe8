import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { paths } from "@/config/paths.js";
import { cn } from "@/lib/cn.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";

/** The organization's sections; invitations, roles and the audit log only for roles allowed to use them. */
export function OrganizationNav() {
  const { t } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  const slug = organization.slug;
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections scroll sideways: keep the current one in view (Roles and Audit log come last).
  useEffect(() => {
    if (!pathname) return;
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const strip = current?.closest("nav");
    if (!current || !strip) return;
    const item = current.getBoundingClientRect();
    const box = strip.getBoundingClientRect();
    if (item.left < box.left || item.right > box.right) {
      strip.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
    }
  }, [pathname]);
  const items = [
    { to: paths.organization.getHref(slug), label: t("nav.general"), end: true },
    { to: paths.organizationMembers.getHref(slug), label: t("nav.members") },
    ...(can({ invitation: ["create"] })
      ? [{ to: paths.organizationInvitations.getHref(slug), label: t("nav.invitations") }]
      : []),
    { to: paths.organizationTeams.getHref(slug), label: t("nav.teams") },
    ...(can({ ac: ["read"] }) ? [{ to: paths.organizationRoles.getHref(slug), label: t("nav.roles") }] : []),
    ...(can({ audit: ["read"] }) ? [{ to: paths.organizationAudit.getHref(slug), label: t("nav.audit") }] : []),
    ...(can({ webhook: ["read"] }) ? [{ to: paths.organizationWebhooks.getHref(slug), label: t("nav.webhooks") }] : []),
    // SCIM: what its token can do (change settings, add and remove members), as the server checks it.
    ...(can({ organization: ["update"], member: ["create", "delete"] })
      ? [{ to: paths.organizationScim.getHref(slug), label: t("nav.scim") }]
      : []),
    // Single sign-on: owners and admins (the server checks these roles).
    ...(can({ organization: ["update"] }) ? [{ to: paths.organizationSso.getHref(slug), label: t("nav.sso") }] : []),
    ...(can({ apiKey: ["read"] }) ? [{ to: paths.organizationApiKeys.getHref(slug), label: t("nav.apiKeys") }] : []),
    ...(can({ oauthClient: ["read"] }) ? [{ to: paths.organizationApps.getHref(slug), label: t("nav.apps") }] : []),
  ];
  return (
    <nav aria-label={t("nav.label")} className="-mx-4 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0">
      <ul ref={list} className="flex gap-1">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  "-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
                  isActive
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
