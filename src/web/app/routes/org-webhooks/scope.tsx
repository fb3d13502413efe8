import type { ReactNode } from "react";
import { useMemo } from "react";
import { paths } from "@/config/paths.js";
import { AUDIT_NS } from "@/features/audit/hooks/use-audit-translation.js";
import { useOrganizationScope } from "@/features/organizations/hooks/organization-scope-context.js";
import type { WebhookScope } from "@/features/webhooks/api/webhooks.js";
import { WebhooksProvider } from "@/features/webhooks/components/webhooks-screen.js";

/**
 * The organization's webhooks (/org/:slug/webhooks…): its endpoints API, and what the member's role may
 * do there by the organization's access control (webhook: create, update, delete). Event names come from
 * the audit log's translations (importing AUDIT_NS registers that namespace).
 */
export function OrganizationWebhooks({ children }: { children: ReactNode }) {
  const { organization, can } = useOrganizationScope();
  const scope = useMemo<WebhookScope>(
    () => ({
      api: paths.api.organizationWebhooks(organization.id),
      listHref: paths.organizationWebhooks.getHref(organization.slug),
      endpointHref: (id) => paths.organizationWebhook.getHref(organization.slug, id),
      can: {
        create: can({ webhook: ["create"] }),
        update: can({ webhook: ["update"] }),
        delete: can({ webhook: ["delete"] }),
      },
    }),
    [organization.id, organization.slug, can],
  );
  return (
    <WebhooksProvider scope={scope} auditNs={AUDIT_NS}>
      {children}
    </WebhooksProvider>
  );
}
