import { AppWindow, ScrollText, Users, Webhook } from "lucide-react";
import { Link, useLocation } from "react-router";
import { paths } from "@/config/paths.js";
import { cn } from "@/lib/cn.js";
import { useAdminPermissions } from "../api/permissions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

const linkClass = (active: boolean) =>
  cn(
    "inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring [&_svg]:size-4",
    active
      ? "bg-primary text-primary-foreground"
      : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
  );

/** The console's sections; the audit log and webhooks only for those allowed to use them. */
export function AdminNav() {
  const { t } = useAdminTranslation();
  const { can } = useAdminPermissions();
  const { pathname } = useLocation();
  // Every page but the audit log and webhooks belongs to the users section (the list, one user, a new user).
  const inAudit = pathname.startsWith(paths.adminAudit.path);
  const inWebhooks = pathname.startsWith(paths.adminWebhooks.path);
  const inClients = pathname.startsWith(paths.adminOAuthClients.path);
  const inUsers = !inAudit && !inWebhooks && !inClients;
  return (
    <nav aria-label={t("nav.label")} className="flex flex-wrap gap-1 border-b pb-3">
      <Link
        to={paths.admin.getHref()}
        className={linkClass(inUsers)}
        aria-current={!inUsers ? undefined : pathname === paths.admin.path ? "page" : "true"}
      >
        <Users aria-hidden="true" />
        {t("nav.users")}
      </Link>
      {can({ audit: ["list"] }) && (
        <Link
          to={paths.adminAudit.getHref()}
          className={linkClass(inAudit)}
          aria-current={inAudit ? "page" : undefined}
        >
          <ScrollText aria-hidden="true" />
          {t("nav.audit")}
        </Link>
      )}
      {can({ webhook: ["read"] }) && (
        <Link
          to={paths.adminWebhooks.getHref()}
          className={linkClass(inWebhooks)}
          aria-current={!inWebhooks ? undefined : pathname === paths.adminWebhooks.path ? "page" : "true"}
        >
          <Webhook aria-hidden="true" />
          {t("nav.webhooks")}
        </Link>
      )}
      {/* Site admins only; the server answers anyone else 403 (src/server/routes/admin/oauth-clients.ts). */}
      {can({ user: ["set-role"] }) && (
        <Link
          to={paths.adminOAuthClients.getHref()}
          className={linkClass(inClients)}
          aria-current={inClients ? "page" : undefined}
        >
          <AppWindow aria-hidden="true" />
          {t("nav.oauthClients")}
        </Link>
      )}
    </nav>
  );
}
