import { Plus } from "lucide-react";
import { Link } from "react-router";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useSession } from "@/lib/api/session.js";
import { useOrganizationList } from "../api/organizations.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { OrganizationLogo } from "./organization-logo.js";

/** The heading of the organizations page and the way to create one. */
export function OrganizationsHeader() {
  const { t } = useOrgTranslation();
  useDocumentTitle(t("list.title"));
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("list.title")}</h1>
        <p className="text-muted-foreground">{t("list.description")}</p>
      </div>
      <Button asChild>
        <Link to={paths.organizationNew.getHref()}>
          <Plus aria-hidden="true" />
          {t("list.create")}
        </Link>
      </Button>
    </div>
  );
}

/** The organizations the user belongs to, the active one marked. */
export function OrganizationList() {
  const { t } = useOrgTranslation();
  const { session } = useSession();
  const organizations = useOrganizationList();
  const activeId = session?.session.activeOrganizationId;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("list.yours")}</CardTitle>
      </CardHeader>
      <CardContent>
        {organizations.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : organizations.isError ? (
          <ApiErrorAlert error={organizations.error} />
        ) : organizations.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("list.empty")}</p>
        ) : (
          <ul className="grid gap-2">
            {organizations.data.map((o) => (
              <li key={o.id}>
                <Link
                  to={paths.organization.getHref(o.slug)}
                  className="flex items-center gap-3 rounded-lg border p-3 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
                >
                  <OrganizationLogo logo={o.logo} />
                  <span className="grid min-w-0 flex-1">
                    <span className="font-medium break-words">{o.name}</span>
                    <span className="font-mono text-sm text-muted-foreground">{o.slug}</span>
                  </span>
                  {o.id === activeId && (
                    <span className="rounded-full border px-2 py-0.5 text-xs font-medium">{t("list.active")}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
