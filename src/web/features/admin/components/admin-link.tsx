import { ShieldCheck } from "lucide-react";
import { NavLink } from "react-router";
import { buttonVariants } from "@/components/ui/button.js";
import { paths } from "@/config/paths.js";
import { cn } from "@/lib/cn.js";
import { useConsoleAccess } from "../api/admin-access.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** The header's way into the admin console, shown only to those the server lets in. */
export function AdminLink() {
  const access = useConsoleAccess();
  return access.data === true ? <AdminLinkShown /> : null;
}

function AdminLinkShown() {
  const { t, ready } = useAdminTranslation();
  if (!ready) return null;
  return (
    <NavLink
      to={paths.admin.getHref()}
      className={({ isActive }) =>
        cn(buttonVariants({ variant: "ghost", size: "sm" }), isActive && "bg-accent text-accent-foreground")
      }
    >
      <ShieldCheck aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t("nav.console")}</span>
    </NavLink>
  );
}
