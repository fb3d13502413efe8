import { cn } from "@/lib/cn.js";
import { formatDateTime } from "@/lib/format.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

function Badge({ tone, children }: { tone: "danger" | "muted" | "ok"; children: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        tone === "danger" && "border-destructive/50 text-destructive",
        tone === "muted" && "text-muted-foreground",
        tone === "ok" && "border-success/50 text-success",
      )}
    >
      {children}
    </span>
  );
}

/** Banned (until when) or active, and whether the e-mail address is verified: as words, not only colour. */
export function UserStatus({ user }: { user: AdminUserView }) {
  const { t, i18n } = useAdminTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {user.banned ? (
        <Badge tone="danger">
          {user.banExpires
            ? t("status.bannedUntil", { date: formatDateTime(user.banExpires, i18n.language) })
            : t("status.banned")}
        </Badge>
      ) : (
        <Badge tone="ok">{t("status.active")}</Badge>
      )}
      {!user.emailVerified && <Badge tone="muted">{t("status.unverified")}</Badge>}
    </span>
  );
}
