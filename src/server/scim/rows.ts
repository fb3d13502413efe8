import type { DBAdapter, DBTransactionAdapter } from "better-auth";

/** A row as the SCIM callbacks read it, and the adapter they read it with (the plugin's transaction's). */
export type Row = { id: string } & Record<string, unknown>;
export type Database = DBTransactionAdapter | DBAdapter;

/** Whether a member's stored roles (comma-separated) hold `role`. */
export const hasRole = (roles: unknown, role: string) =>
  typeof roles === "string" && roles.split(",").some((r) => r.trim() === role);
