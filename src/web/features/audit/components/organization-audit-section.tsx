import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useAuditTranslation } from "../hooks/use-audit-translation.js";
import { AuditLog } from "./audit-log.js";

/**
 * One organization's log, a section of its screens (/org/:slug/audit): for its owners and admins
 * (audit: read); the server refuses anyone else and the section says so.
 */
export function OrganizationAuditSection({ organization }: { organization: { id: string; name: string } }) {
  const { t, ready } = useAuditTranslation();
  useDocumentTitle(ready ? t("organization.title", { name: organization.name }) : "");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("organization.heading")}</CardTitle>
        <CardDescription>{t("organization.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <AuditLog organizationId={organization.id} />
      </CardContent>
    </Card>
  );
}
