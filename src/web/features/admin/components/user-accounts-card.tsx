import { KeyRound, Link2 } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { formatDate } from "@/lib/format.js";
import type { AdminUserDetail } from "@/shared/admin-users.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { providerName } from "../lib/labels.js";

/** How the user signs in: password and linked providers (ids only: no token ever reaches the browser). */
export function UserAccountsCard({ accounts }: { accounts: AdminUserDetail["accounts"] }) {
  const { t, i18n } = useAdminTranslation();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {t("user.accounts.title")}
        </CardTitle>
        <CardDescription>{t("user.accounts.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("user.accounts.empty")}</p>
        ) : (
          <ul className="grid gap-2">
            {accounts.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                {a.providerId === "credential" ? (
                  <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                ) : (
                  <Link2 className="size-4 text-muted-foreground" aria-hidden="true" />
                )}
                <span className="font-medium">{providerName(a.providerId, t)}</span>
                <span className="text-muted-foreground">
                  {t("user.accounts.added", { date: formatDate(a.createdAt, i18n.language) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
