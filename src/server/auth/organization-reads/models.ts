import type { getAuthTables } from "better-auth/db";
import { type converterFor, type Field, fieldsOf, type Row } from "../fast-path/session-lookup.js";
import type { OrganizationPluginOptions } from "./blockers.js";

/** A key and its SQL value; "raw" when the value is JSON text already (see jsonText in pg-statements.ts). */
export type JsonPair = [key: string, value: string, raw?: "raw"];

/** A name quoted as an SQL identifier. */
const qi = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table of the engine's schema as the reads use it: its names, its rows decoded and filtered, as JSON in SQL. */
export function modelOf(
  tables: ReturnType<typeof getAuthTables>,
  convert: ReturnType<typeof converterFor>,
  schema: OrganizationPluginOptions["schema"],
  name: string,
) {
  const table = tables[name];
  if (!table) throw new Error(`engine schema has no ${name} table`);
  const fields = fieldsOf(table.fields);
  // The organization adapter's filterOutputFields: only the plugin's additional fields marked `returned: false`.
  const additional = (schema?.[name]?.additionalFields ?? {}) as Record<string, { returned?: boolean }>;
  const hidden = Object.keys(additional).filter((key) => additional[key]?.returned === false);
  const column = (key: string) => (table.fields[key]?.fieldName as string | undefined) ?? key;
  return {
    name: table.modelName,
    table: qi(table.modelName),
    column,
    col: (key: string) => qi(column(key)),
    /** A row as the adapter's transformOutput gives it. */
    decode(row: Row): Row {
      const out: Row = {};
      for (const f of fields as Field[]) out[f.key] = convert(f, row[f.column]);
      return out;
    },
    /**
     * PostgreSQL: the SQL of `json_build_object` giving, once parsed, what `filtered(decode(row))`
     * gives once through JSON.stringify (fields in the same order, dates as Date#toJSON writes
     * them, `leave` left out; `filtered: false` for `decode(row)`), or null when a field's output
     * is not plain SQL (a transform, a list).
     */
    jsonObject(alias: string, options: { leave?: string[]; filtered?: boolean } = {}): string | null {
      const pairs = this.jsonColumns(alias, options);
      return pairs && pairs.length <= 50
        ? `json_build_object(${pairs.map(([key, value]) => `'${key.replace(/'/g, "''")}', ${value}`).join(", ")})`
        : null;
    },
    /**
     * The (key, SQL value) pairs of `jsonObject`, in its order. `text: true` gives them for
     * `jsonText`: dates then are their JSON text already ("raw"), written by to_json with the
     * time cut to the millisecond and 100 µs added, so that it always has four digits of
     * fraction, of which the last is dropped: what to_char(…, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
     * writes (quoted) at about half its cost in the database.
     */
    jsonColumns(
      alias: string,
      { leave = [], filtered = true, text = false }: { leave?: string[]; filtered?: boolean; text?: boolean } = {},
    ) {
      const pairs: JsonPair[] = [];
      for (const f of fields as Field[]) {
        if ((filtered && hidden.includes(f.key)) || leave.includes(f.key)) continue;
        if (f.output || f.type === "string[]" || f.type === "number[]") return null;
        const c = `${alias}.${qi(f.column)}`;
        if (f.type === "date" && text) {
          const json = `to_json(date_trunc('milliseconds', ${c} at time zone 'UTC') + interval '100 microseconds')::text`;
          pairs.push([f.key, `coalesce(left(${json}, 24) || 'Z"', 'null')`, "raw"]);
          continue;
        }
        const value =
          f.type === "date"
            ? `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
            : f.isId
              ? `${c}::text`
              : c;
        pairs.push([f.key, value]);
      }
      return pairs;
    },
    /** The row less the fields filterOutputFields drops. */
    filtered(row: Row): Row {
      if (!hidden.length) return row;
      const out = { ...row };
      for (const key of hidden) delete out[key];
      return out;
    },
  };
}
export type Model = ReturnType<typeof modelOf>;
