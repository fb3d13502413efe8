import { createRequire } from "node:module";
import type PG from "pg";

let loaded: typeof PG | undefined;

/**
 * node-postgres, loaded when first asked for, synchronously as openDatabase opens: a server on SQLite
 * never loads it (with ioredis, see redis.ts, it held about 5 MB; docs/operations.md "Memory").
 */
export function loadPg(): typeof PG {
  if (!loaded) {
    loaded = createRequire(import.meta.url)("pg") as typeof PG;
    // PostgreSQL returns int8 (COUNT(*)) as strings by default; counts here always fit a JS number.
    loaded.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  }
  return loaded;
}
