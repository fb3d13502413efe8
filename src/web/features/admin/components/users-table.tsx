import { Link } from "react-router";
import { paths } from "@/config/paths.js";
import { formatDate } from "@/lib/format.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { siteRoleNames } from "../lib/labels.js";
import { useMfaSummary } from "./user-mfa.js";
import { UserStatus } from "./user-status.js";

/**
 * One page of users: a table from tablet width up, a list of cards on a phone (only one of them is
 * displayed, so screen readers meet each user once). The name links to the user's page, and that one link
 * is stretched over its row or card (an empty span of it, placed over the positioned row) (issue 22 item 12): a click anywhere in it opens the user, the
 * keyboard meets one link per user, and nothing interactive is nested inside another.
 */
export function UsersTable({ users }: { users: AdminUserView[] }) {
  const { t, i18n } = useAdminTranslation();
  const nameOf = (u: AdminUserView) => u.name || t("user.noName");
  const mfaOf = useMfaSummary();
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("users.table.caption")}</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("users.table.user")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("users.table.role")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("users.table.status")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("users.table.mfa")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("users.table.created")}
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="relative border-t align-top hover:bg-accent">
                <td className="max-w-80 px-4 py-3">
                  <Link
                    to={paths.adminUser.getHref(u.id)}
                    className="font-medium break-words underline-offset-4 hover:underline"
                  >
                    {nameOf(u)}
                    <span className="absolute inset-0" aria-hidden="true" />
                  </Link>
                  <div className="wrap-anywhere text-muted-foreground">{u.email}</div>
                </td>
                <td className="px-4 py-3">{siteRoleNames(u.role, t).join(", ")}</td>
                <td className="px-4 py-3">
                  <UserStatus user={u} />
                </td>
                <td className="px-4 py-3">{mfaOf(u.mfa)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(u.createdAt, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 md:hidden" aria-label={t("users.table.caption")}>
        {users.map((u) => (
          <li key={u.id} className="relative grid gap-1 rounded-lg border bg-card p-3 text-sm hover:bg-accent">
            <Link to={paths.adminUser.getHref(u.id)} className="font-medium break-words underline underline-offset-4">
              {nameOf(u)}
              <span className="absolute inset-0" aria-hidden="true" />
            </Link>
            <span className="wrap-anywhere text-muted-foreground">{u.email}</span>
            <span>{siteRoleNames(u.role, t).join(", ")}</span>
            <UserStatus user={u} />
            <span>{t("users.table.mfaLine", { summary: mfaOf(u.mfa) })}</span>
            <span className="text-muted-foreground">
              {t("users.table.createdOn", { date: formatDate(u.createdAt, i18n.language) })}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
