import {
  AppWindow,
  KeyRound,
  KeySquare,
  Link2,
  Mail,
  MonitorSmartphone,
  ShieldCheck,
  Trash2,
  UserRound,
} from "lucide-react";
import { NavLink } from "react-router";
import { paths } from "@/config/paths.js";
import { cn } from "@/lib/cn.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** The account settings' sections: a row that scrolls sideways on phones, a column beside the page from tablets up. */
export function SettingsNav() {
  const { t } = useSettingsTranslation();
  const items = [
    { to: paths.settingsProfile.getHref(), label: t("nav.profile"), icon: UserRound },
    { to: paths.settingsEmail.getHref(), label: t("nav.email"), icon: Mail },
    { to: paths.settingsPassword.getHref(), label: t("nav.password"), icon: KeyRound },
    { to: paths.settingsSecurity.getHref(), label: t("nav.security"), icon: ShieldCheck },
    { to: paths.settingsSessions.getHref(), label: t("nav.sessions"), icon: MonitorSmartphone },
    { to: paths.settingsAccounts.getHref(), label: t("nav.accounts"), icon: Link2 },
    { to: paths.settingsConnectedApps.getHref(), label: t("nav.connectedApps"), icon: AppWindow },
    { to: paths.settingsApiKeys.getHref(), label: t("nav.apiKeys"), icon: KeySquare },
    { to: paths.settingsDeleteAccount.getHref(), label: t("nav.deleteAccount"), icon: Trash2 },
  ];
  return (
    <nav aria-label={t("nav.label")} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex gap-1 md:flex-col">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
                  isActive
                    ? "bg-accent text-accent-foreground"
                    : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
