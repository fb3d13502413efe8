import { SiteAudit } from "@/features/audit/components/site-audit.js";

export default function AdminAuditRoute() {
  return <SiteAudit />;
}
