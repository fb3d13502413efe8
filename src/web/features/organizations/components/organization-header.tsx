import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { OrganizationLogo } from "./organization-logo.js";
import { RoleBadges } from "./role-badges.js";

/** The organization's name, address and logo, and the signed-in user's role in it. */
export function OrganizationHeader() {
  const { t } = useOrgTranslation();
  const { organization, me } = useOrganizationScope();
  return (
    <div className="flex flex-wrap items-center gap-4">
      <OrganizationLogo logo={organization.logo} className="size-14" />
      <div className="grid min-w-0 flex-1 gap-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{organization.name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="font-mono">{organization.slug}</span>
          <span aria-hidden="true">·</span>
          <span>{t("header.yourRole")}</span>
          <RoleBadges role={me.role} />
        </p>
      </div>
    </div>
  );
}
