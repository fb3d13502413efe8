import { Building2, ChevronsUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isMfaRequired } from "@/components/mfa-required-card.js";
import { Button } from "@/components/ui/button.js";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu.js";
import { paths } from "@/config/paths.js";
import { useSession } from "@/lib/api/session.js";
import { useOrganizationList, useSwitchOrganization } from "../api/organizations.js";

/** The header's organization switcher: the user's organizations, the active one checked. */
export function OrganizationSwitcher({
  onError,
  footer,
}: {
  onError?: (error: unknown) => void;
  /** Items after the list (the app layout passes "manage" and "create" from the organization screens). */
  footer?: ReactNode;
}) {
  const { t: appT } = useTranslation();
  const { session } = useSession();
  const organizations = useOrganizationList();
  const navigate = useNavigate();
  const activeId = session?.session.activeOrganizationId ?? "";
  const active = organizations.data?.find((o) => o.id === activeId);
  const switchTo = useSwitchOrganization({
    onError: (e, id) => {
      // Its two-step policy holds this member back: its page says so and leads to the setup.
      const target = organizations.data?.find((o) => o.id === id);
      if (isMfaRequired(e) && target) navigate(paths.organization.getHref(target.slug));
      else onError?.(e);
    },
  });

  function select(id: string) {
    if (id !== activeId) switchTo.mutate(id);
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          justify="between"
          className="max-w-[min(14rem,100%)]"
          loading={switchTo.isPending}
          aria-label={appT("organizations.switcherLabel", { current: active?.name ?? appT("organizations.none") })}
        >
          <Building2 aria-hidden="true" />
          <span className="min-w-0 truncate">{active?.name ?? appT("organizations.none")}</span>
          <ChevronsUpDown className="opacity-60" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>{appT("organizations.title")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {organizations.isPending ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">{appT("common.loading")}</p>
        ) : organizations.data?.length ? (
          <DropdownMenuRadioGroup value={activeId} onValueChange={select}>
            {organizations.data.map((o) => (
              <DropdownMenuRadioItem key={o.id} value={o.id}>
                <span className="truncate">{o.name}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        ) : (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">{appT("organizations.empty")}</p>
        )}
        {footer}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
