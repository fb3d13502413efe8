import { Building2, Plus, Settings2 } from "lucide-react";
import { Link } from "react-router";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu.js";
import { paths } from "@/config/paths.js";
import { useSession } from "@/lib/api/session.js";
import { useOrganizationList } from "../api/organizations.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";

/** The header switcher's last items: manage the active organization, see all of them (and invitations), create one. */
export function OrganizationMenuItems() {
  const { t, ready } = useOrgTranslation();
  const { session } = useSession();
  const organizations = useOrganizationList();
  const active = organizations.data?.find((o) => o.id === session?.session.activeOrganizationId);
  if (!ready) return null;
  return (
    <>
      <DropdownMenuSeparator />
      {active && (
        <DropdownMenuItem asChild>
          <Link to={paths.organization.getHref(active.slug)}>
            <Settings2 aria-hidden="true" />
            {t("switcher.manage", { organization: active.name })}
          </Link>
        </DropdownMenuItem>
      )}
      <DropdownMenuItem asChild>
        <Link to={paths.organizations.getHref()}>
          <Building2 aria-hidden="true" />
          {t("switcher.all")}
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={paths.organizationNew.getHref()}>
          <Plus aria-hidden="true" />
          {t("switcher.create")}
        </Link>
      </DropdownMenuItem>
    </>
  );
}
