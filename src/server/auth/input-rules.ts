import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { METADATA_LIMIT, TEXT_LIMITS } from "../../shared/input-limits.js";
import { apiError } from "../errors.js";

type Model = keyof typeof TEXT_LIMITS;
type Body = Record<string, unknown>;

/** One value a request would store: the name it was sent under, and the table column it goes to. */
interface Input {
  label: string;
  model: Model;
  field: string;
  value: unknown;
}

const record = (value: unknown): Body =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Body) : {};
const inputs = (model: Model, values: unknown, prefix = ""): Input[] =>
  Object.entries(record(values)).map(([field, value]) => ({ label: `${prefix}${field}`, model, field, value }));

/** The engine routes that store text, and where in their bodies each stored value sits. */
const ROUTES: Record<string, (body: Body) => Input[]> = {
  "/sign-up/email": (b) => inputs("user", b),
  "/update-user": (b) => inputs("user", b),
  "/change-email": (b) => [{ label: "newEmail", model: "user", field: "email", value: b.newEmail }],
  "/admin/create-user": (b) => [
    ...inputs("user", { name: b.name, email: b.email }),
    ...inputs("user", b.data, "data."),
  ],
  "/admin/update-user": (b) => inputs("user", b.data, "data."),
  "/admin/ban-user": (b) => inputs("user", { banReason: b.banReason }),
  "/organization/create": (b) => inputs("organization", b),
  "/organization/update": (b) => inputs("organization", b.data, "data."),
  "/organization/create-team": (b) => inputs("team", b),
  "/organization/update-team": (b) => inputs("team", b.data, "data."),
  "/organization/invite-member": (b) => inputs("invitation", { email: b.email }),
};

type StandardSchema = {
  "~standard": { validate: (value: unknown) => { issues?: readonly { message?: string }[] } | Promise<unknown> };
};
type Field = { type?: unknown; required?: boolean; validator?: { input?: StandardSchema } };

/** The field's own validator, answered as the engine answers it (VALIDATION_ERROR, the validator's message). */
function checkValidator(label: string, validator: StandardSchema, value: unknown) {
  const result = validator["~standard"].validate(value);
  if (result instanceof Promise || !result.issues?.length) return;
  throw apiError("VALIDATION_ERROR", "problem", result.issues[0]?.message ?? `${label} is not valid`);
}

/** Why `value` does not fit a column of this type, or undefined when it does. */
function typeProblem(field: Field, value: unknown): string | undefined {
  if (value === null) return field.required === false ? undefined : "must not be null";
  switch (field.type) {
    case "string":
      return typeof value === "string" ? undefined : "must be a string";
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? undefined : "must be a number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "date": {
      const date = typeof value === "string" || typeof value === "number" ? new Date(value) : undefined;
      return date && !Number.isNaN(date.getTime()) ? undefined : "must be a date";
    }
    default:
      return undefined;
  }
}

/** Length in code points: what a person counts as characters. */
const characters = (text: string, limit: number) => (text.length <= limit ? text.length : [...text].length);

/**
 * Bad types and sizes are a 400 with a clear message, never a 500 and never a silent coercion
 * (STYLE "Errors"). better-auth 1.7 takes update-user's body as a record and passes `name` and
 * `image` to the database as they come: an object or array gave a 500 on SQLite (and was stored as
 * JSON text on PostgreSQL), a number was stored as "42.0"; admin create-user and update-user pass
 * their `data` on the same way. And no route capped a length: a 1 MB name was accepted and then
 * sent back in every session. Each value a route would store is checked against its column's type
 * in the engine's own schema, and text against TEXT_LIMITS (src/shared/input-limits.ts).
 */
export function inputRules() {
  return {
    id: "tessera-input-rules",
    hooks: {
      before: [
        {
          matcher: (ctx) => Object.hasOwn(ROUTES, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const routeInputs = ROUTES[ctx.path ?? ""];
            if (!routeInputs || !ctx.body || typeof ctx.body !== "object" || Array.isArray(ctx.body)) return;
            const tables = ctx.context.tables as Record<string, { fields: Record<string, Field> } | undefined>;
            for (const { label, model, field, value } of routeInputs(ctx.body as Body)) {
              if (value === undefined) continue;
              if (model === "organization" && field === "metadata") {
                // A record (the engine's schema says so); stored as JSON text.
                const json = JSON.stringify(value) ?? "";
                if (json.length > METADATA_LIMIT) throw apiError("FIELD_TOO_LONG", label, METADATA_LIMIT, true);
                continue;
              }
              const column = tables[model]?.fields[field];
              // Not a column (the engine drops or refuses it), or a role (the engine checks string or list).
              if (!column || field === "role") continue;
              // A field with its own validator (language) is checked by it, as the engine does on
              // sign-up and update-user, and here on admin create-user and update-user, which skip it.
              if (column.validator?.input) {
                checkValidator(label, column.validator.input, value);
                continue;
              }
              const problem = typeProblem(column, value);
              if (problem) throw apiError("INVALID_FIELD_TYPE", label, problem);
              const limit = (TEXT_LIMITS[model] as Record<string, number>)[field];
              if (limit !== undefined && typeof value === "string" && characters(value, limit) > limit) {
                throw apiError("FIELD_TOO_LONG", label, limit);
              }
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
