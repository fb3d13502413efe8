import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useAuditTranslation } from "../hooks/use-audit-translation.js";
import { AuditLog } from "./audit-log.js";

/** Every organization's and the site's events, for site admins (audit: list). */
export function SiteAudit() {
  const { t, ready } = useAuditTranslation();
  useDocumentTitle(ready ? t("site.title") : "");
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("site.title")}</h1>
        <p className="text-muted-foreground">{t("site.description")}</p>
      </div>
      <AuditLog />
    </div>
  );
}
