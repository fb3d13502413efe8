import { queueAfterTransactionHook } from "@better-auth/core/context";
import type { AuditAction } from "../audit/actions.js";
import type { Logger } from "../logger.js";
import type { AuditRowInput, EventRecorder } from "../webhooks/events.js";

/** The audit log of SCIM's changes (docs/scim.md "Audit"): the IdP acts, so no actor; `via: "scim"` in the detail. */
export function scimAuditor(logger: Logger, events: EventRecorder) {
  /** Written after the SCIM transaction commits (as the audit log does elsewhere); never fails the request. */
  function audit(row: Omit<AuditRowInput, "ipAddress" | "userAgent"> & Partial<AuditRowInput>) {
    const full: AuditRowInput = { ipAddress: null, userAgent: null, ...row };
    const write = () => events.record(full);
    return queueAfterTransactionHook(write, {
      onError: (error) => logger.error({ err: error, action: row.action }, "audit event not written"),
    }).catch((error) => logger.error({ err: error, action: row.action }, "audit event not written"));
  }
  const scimAudit = (action: AuditAction, organizationId: string, fields: Partial<AuditRowInput>, detail: object) =>
    audit({
      action,
      actorId: null,
      actorEmail: null,
      targetType: null,
      targetId: null,
      organizationId,
      ...fields,
      detail: JSON.stringify({ via: "scim", ...detail }),
    });
  return { audit, scimAudit };
}

export type ScimAudit = ReturnType<typeof scimAuditor>["scimAudit"];
