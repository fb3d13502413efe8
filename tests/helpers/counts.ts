import type { TestServer } from "./server.js";

/** Counts replies by `status code message`, e.g. {"200": 1, "400 ORGANIZATION_ALREADY_EXISTS Organization already exists": 19}. */
export function tally(replies: { status: number; body?: any }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of replies) {
    const key = r.status === 200 ? "200" : `${r.status} ${r.body?.code ?? ""} ${r.body?.message ?? ""}`.trim();
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** How many rows of `table` have `column` = `value`, straight from the database. */
export async function countRows(server: TestServer, table: string, column: string, value: string): Promise<number> {
  const row = await server.running.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(column, "=", value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
