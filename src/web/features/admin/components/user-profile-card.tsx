import { BadgeCheck, CircleAlert } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.js";
import { formatDateTime } from "@/lib/format.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { siteRoleNames } from "../lib/labels.js";

/** Who the user is: e-mail (verified or not), roles, ban, id and dates. */
export function UserProfileCard({ user }: { user: AdminUserView }) {
  const { t, i18n } = useAdminTranslation();
  const when = (v: string) => formatDateTime(v, i18n.language);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {t("user.profile.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted-foreground">{t("user.profile.email")}</dt>
          <dd className="flex flex-wrap items-center gap-2 wrap-anywhere">
            {user.email}
            {user.emailVerified ? (
              <span className="inline-flex items-center gap-1 text-success">
                <BadgeCheck className="size-4" aria-hidden="true" />
                {t("status.verified")}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-destructive">
                <CircleAlert className="size-4" aria-hidden="true" />
                {t("status.unverified")}
              </span>
            )}
          </dd>
          <dt className="text-muted-foreground">{t("user.profile.roles")}</dt>
          <dd>{siteRoleNames(user.role, t).join(", ")}</dd>
          <dt className="text-muted-foreground">{t("user.profile.access")}</dt>
          <dd>
            {user.banned ? (
              <span className="grid gap-0.5 text-destructive">
                <span className="font-medium">
                  {user.banExpires
                    ? t("status.bannedUntil", { date: when(user.banExpires) })
                    : t("status.bannedForever")}
                </span>
                {user.banReason && <span>{t("user.profile.banReason", { reason: user.banReason })}</span>}
              </span>
            ) : (
              t("status.active")
            )}
          </dd>
          <dt className="text-muted-foreground">{t("user.profile.created")}</dt>
          <dd>{when(user.createdAt)}</dd>
          <dt className="text-muted-foreground">{t("user.profile.updated")}</dt>
          <dd>{when(user.updatedAt)}</dd>
          <dt className="text-muted-foreground">{t("user.profile.id")}</dt>
          <dd className="font-mono text-xs wrap-anywhere">{user.id}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
