import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { apiError } from "../errors.js";

const WHOLE_NUMBER = /^\d{1,9}$/;

function invalid(message: string): never {
  throw apiError("INVALID_QUERY", message);
}

/**
 * Bad input is a 4xx, never a 500 (STYLE "Errors"; docs/behaviour.md#members GET /organization/list-members and
 * get-full-organization): better-auth 1.7 passes these list parameters to the database as they
 * come, so an unknown filterField or sortBy, a negative or huge limit/offset/membersLimit, or a
 * filterValue that is not a date for a date field failed inside the adapter as a 500 (on
 * PostgreSQL more than on SQLite). They are checked against the member table first.
 */
export function listQueryRules() {
  return {
    id: "tessera-list-query-rules",
    hooks: {
      before: [
        {
          matcher: (ctx) =>
            ctx.path === "/organization/list-members" || ctx.path === "/organization/get-full-organization",
          handler: createAuthMiddleware(async (ctx) => {
            const query = (ctx.query ?? {}) as Record<string, unknown>;
            for (const name of ["limit", "offset", "membersLimit"]) {
              const value = query[name];
              if (value === undefined) continue;
              if (!WHOLE_NUMBER.test(String(value))) invalid(`${name} must be a whole number of 0 or more`);
            }
            const fields = (ctx.context.tables.member?.fields ?? {}) as Record<string, { type?: unknown }>;
            const known = ["id", ...Object.keys(fields)];
            for (const name of ["filterField", "sortBy"]) {
              const value = query[name];
              if (value !== undefined && !known.includes(String(value))) {
                invalid(`${name} must be one of ${known.join(", ")}`);
              }
            }
            const field = fields[String(query.filterField ?? "")];
            if (field?.type === "date" && query.filterValue !== undefined) {
              const values = [query.filterValue].flat();
              if (values.some((v) => Number.isNaN(new Date(String(v)).getTime()))) {
                invalid("filterValue must be a date for a date field");
              }
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
