import { type ReactNode, useMemo } from "react";
import { paths } from "@/config/paths.js";
import { useAdminPermissions } from "@/features/admin/api/permissions.js";
import { AUDIT_NS } from "@/features/audit/hooks/use-audit-translation.js";
import type { WebhookScope } from "@/features/webhooks/api/webhooks.js";
import { WebhooksProvider } from "@/features/webhooks/components/webhooks-screen.js";

/** The site's webhooks (/admin/webhooks…), for site admins holding the webhook statements. */
export function SiteWebhooks({ children }: { children: ReactNode }) {
  const { can } = useAdminPermissions();
  const create = can({ webhook: ["create"] });
  const update = can({ webhook: ["update"] });
  const remove = can({ webhook: ["delete"] });
  const scope = useMemo<WebhookScope>(
    () => ({
      api: paths.api.adminWebhooks,
      listHref: paths.adminWebhooks.getHref(),
      endpointHref: (id) => paths.adminWebhook.getHref(id),
      can: { create, update, delete: remove },
    }),
    [create, update, remove],
  );
  return (
    <WebhooksProvider scope={scope} auditNs={AUDIT_NS}>
      {children}
    </WebhooksProvider>
  );
}
