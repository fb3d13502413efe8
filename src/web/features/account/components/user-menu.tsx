import { LogOut, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar.js";
import { Button } from "@/components/ui/button.js";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu.js";
import { paths } from "@/config/paths.js";
import type { SessionUser } from "@/lib/auth-client.js";
import { initials } from "@/lib/initials.js";
import { useSignOutTo } from "../api/sessions.js";

/**
 * The signed-in user's menu: who they are, settings (which open on the profile: one item per destination,
 * issue 22 item 12), sign out.
 */
export function UserMenu({ user, onSignOutError }: { user: SessionUser; onSignOutError?: (error: unknown) => void }) {
  const { t: appT } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOutTo(navigate, { onError: (e) => onSignOutError?.(e) });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="menu" aria-label={appT("userMenu.open", { name: user.name || user.email })}>
          <Avatar>
            {user.image && <AvatarImage src={user.image} alt="" />}
            <AvatarFallback>{initials(user.name, user.email)}</AvatarFallback>
          </Avatar>
          <span className="hidden max-w-40 truncate sm:inline">{user.name || user.email}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{user.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.settings.getHref()}>
            <Settings aria-hidden="true" />
            {appT("userMenu.settings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate(paths.signIn.getHref())}>
          <LogOut aria-hidden="true" />
          {appT("userMenu.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
