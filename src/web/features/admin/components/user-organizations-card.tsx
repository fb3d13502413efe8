import { Building2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.js";
import { formatDate } from "@/lib/format.js";
import type { AdminUserDetail } from "@/shared/admin-users.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { organizationRoleNames } from "../lib/labels.js";

/** The organizations the user belongs to and their role in each. */
export function UserOrganizationsCard({ memberships }: { memberships: AdminUserDetail["memberships"] }) {
  const { t, i18n } = useAdminTranslation();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {t("user.organizations.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {memberships.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("user.organizations.empty")}</p>
        ) : (
          <ul className="grid gap-3">
            {memberships.map((m) => (
              <li key={m.organizationId} className="flex gap-3 text-sm">
                <Building2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="grid gap-0.5">
                  <span className="font-medium break-words">{m.name}</span>
                  <span className="text-muted-foreground">
                    {t("user.organizations.detail", {
                      slug: m.slug,
                      role: organizationRoleNames(m.role, t),
                      date: formatDate(m.createdAt, i18n.language),
                    })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
