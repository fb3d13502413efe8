/** The `audit_event` table, owned by the engine's schema so its migrations and adapter handle both dialects. */
export const auditSchema = {
  auditEvent: {
    modelName: "audit_event",
    fields: {
      createdAt: { type: "date", required: true, index: true },
      action: { type: "string", required: true, index: true },
      actorId: { type: "string", required: false, index: true },
      actorEmail: { type: "string", required: false },
      targetType: { type: "string", required: false },
      targetId: { type: "string", required: false },
      organizationId: { type: "string", required: false, index: true },
      ipAddress: { type: "string", required: false },
      userAgent: { type: "string", required: false },
      detail: { type: "string", required: false },
    },
  },
} as const;

export interface AuditEventRow {
  id: string;
  createdAt: Date;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: string | null;
}
