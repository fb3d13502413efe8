import type { Row } from "../fast-path/session-lookup.js";
import type { ReadAnswer } from "../kept-answers.js";

/** Why the engine must answer instead of the fast path. */
export type Engine = { kind: "engine"; reason: string };
export const engine = (reason: string): Engine => ({ kind: "engine", reason });

/** Who reads: the session's token and user, and the session row (its active organization). */
export interface Caller {
  token: string;
  userId: string;
  session: Row;
}

/** A 200 answer with this value as its JSON body. */
export const json = (value: unknown): ReadAnswer => ({ kind: "answer", body: JSON.stringify(value) });

/** The organization a read is about: its `organizationId`, else the session's active one; null for none. */
export const organizationOf = (query: Record<string, string>, caller: Caller): string | null => {
  const id = query.organizationId || caller.session.activeOrganizationId;
  return typeof id === "string" && id ? id : null;
};

/** auth/organization-rules.ts's after hook: organization metadata stored as JSON text is answered as a record. */
export function withMetadataRecord(organization: Row): Row {
  const metadata = organization.metadata;
  if (typeof metadata !== "string") return organization;
  try {
    return { ...organization, metadata: JSON.parse(metadata) };
  } catch {
    return organization;
  }
}
