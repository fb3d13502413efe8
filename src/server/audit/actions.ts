import type { AuditAction } from "../../shared/audit-actions.js";

export type { AuditAction } from "../../shared/audit-actions.js";

export interface AuditEventInput {
  action: AuditAction;
  actorId?: string | null;
  actorEmail?: string | null;
  targetType?:
    | "user"
    | "session"
    | "account"
    | "organization"
    | "member"
    | "invitation"
    | "team"
    | "role"
    | "oauth_client"
    | "api_key"
    | "sso_domain"
    | null;
  targetId?: string | null;
  organizationId?: string | null;
  detail?: Record<string, unknown>;
}
