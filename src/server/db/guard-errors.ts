import type { CompiledQuery } from "kysely";
import { apiErrorWith, errorBody } from "../errors.js";

/** Message our limit triggers raise; see migrations.ts. */
export const MEMBERSHIP_LIMIT_SIGNAL = "tessera_membership_limit";

// The engine's own codes and words (src/shared/error-codes.ts), so a race loser gets the same answer as a
// sequential caller; INVALID_INPUT is defence in depth: PostgreSQL refusing a value (bad bytes, date,
// number, negative limit) is bad input.
type Guard =
  | "ORGANIZATION_ALREADY_EXISTS"
  | "ORGANIZATION_SLUG_ALREADY_TAKEN"
  | "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION"
  | "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED"
  | "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
  | "INVALID_INPUT";
const INVALID_INPUT_SQLSTATES = new Set(["22001", "22003", "22007", "22008", "22021", "2201W", "2201X", "22P02"]);

interface DriverError {
  code?: string;
  constraint?: string;
  table?: string;
  message?: string;
}

/** Turns a database guard violation into the engine's API error; anything else passes through. */
export function mapDatabaseError(error: unknown, query: CompiledQuery): unknown {
  const guard = classify(error as DriverError, query);
  return guard ? apiErrorWith({ ...errorBody(guard), cause: error }) : error;
}

function classify(e: DriverError, query: CompiledQuery): Guard | undefined {
  if (!e || typeof e !== "object") return undefined;
  const message = String(e.message ?? "");
  if (message.includes(MEMBERSHIP_LIMIT_SIGNAL)) return "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED";
  if (e.code && INVALID_INPUT_SQLSTATES.has(e.code)) return "INVALID_INPUT";
  const target = uniqueViolation(e);
  if (!target) return undefined;
  const isInsert = query.query.kind === "InsertQueryNode";
  if (target.table === "organization" && target.columns.includes("slug")) {
    return isInsert ? "ORGANIZATION_ALREADY_EXISTS" : "ORGANIZATION_SLUG_ALREADY_TAKEN";
  }
  if (target.table === "member") return "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION";
  if (target.table === "user" && target.columns.includes("email")) return "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
  return undefined;
}

/**
 * Whether a failed query says something about the data rather than the store: a unique violation
 * (a race's loser, often caught and retried) or a value PostgreSQL refuses. Store failures are the
 * rest (connection lost, a trigger refusing, disk full): store-failures.ts reports only those.
 */
export function isDataConflict(error: unknown): boolean {
  const e = error as DriverError;
  if (!e || typeof e !== "object") return false;
  return Boolean(uniqueViolation(e)) || Boolean(e.code && INVALID_INPUT_SQLSTATES.has(e.code));
}

/** Table and columns of a unique violation, from PostgreSQL's fields or SQLite's message. */
function uniqueViolation(e: DriverError): { table: string; columns: string } | undefined {
  if (e.code === "23505") {
    return { table: e.table ?? "", columns: `${e.constraint ?? ""} ${(e as { detail?: string }).detail ?? ""}` };
  }
  const m = /^UNIQUE constraint failed: (.+)$/.exec(String(e.message ?? ""));
  if (e.code?.startsWith("SQLITE_CONSTRAINT") && m?.[1]) {
    const table = m[1].split(".")[0] ?? "";
    return { table, columns: m[1] };
  }
  return undefined;
}
