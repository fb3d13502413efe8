import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Hit, unchangedSinceRead } from "./session-lookup.js";

describe("unchangedSinceRead (SQLite answers reused until anyone commits)", () => {
  let dir: string;
  let writer: SQLite.Database;
  let reader: SQLite.Database;
  let queries: number;
  let lookup: (token: string) => Hit | null;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "tessera-unchanged-"));
    const file = join(dir, "db.sqlite");
    writer = new SQLite(file);
    writer.pragma("journal_mode = WAL");
    writer.exec("create table s (token text primary key, name text)");
    writer.prepare("insert into s values ('a', 'first')").run();
    reader = new SQLite(file, { readonly: true, fileMustExist: true });
    const statement = reader.prepare("select name from s where token = ?").pluck();
    queries = 0;
    lookup = unchangedSinceRead(reader, (token) => {
      queries++;
      const name = statement.get(token) as string | undefined;
      return name === undefined ? null : new Hit({ session: { token }, user: { name } });
    });
  });
  afterEach(() => {
    reader.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const nameOf = (token: string) => lookup(token)?.found.user.name ?? null;

  it("answers again without the query while nothing is committed, absent tokens included", () => {
    expect(nameOf("a")).toBe("first");
    expect(nameOf("zz")).toBeNull();
    expect([nameOf("a"), nameOf("a"), nameOf("zz")]).toEqual(["first", "first", null]);
    expect(queries).toBe(2);
  });

  it("queries again after a commit on the app's own connection", () => {
    expect(nameOf("a")).toBe("first");
    writer.prepare("update s set name = 'second' where token = 'a'").run();
    expect(nameOf("a")).toBe("second");
    writer.prepare("delete from s where token = 'a'").run();
    expect(nameOf("a")).toBeNull();
    expect(queries).toBe(3);
  });

  it("queries again after a commit by another process's connection (the admin CLI)", () => {
    expect(nameOf("a")).toBe("first");
    const other = new SQLite(join(dir, "db.sqlite"));
    other.prepare("update s set name = 'cli' where token = 'a'").run();
    other.close();
    expect(nameOf("a")).toBe("cli");
  });

  it("does not see a transaction until it commits, and sees it right after", () => {
    expect(nameOf("a")).toBe("first");
    writer.exec("begin immediate");
    writer.prepare("update s set name = 'pending' where token = 'a'").run();
    expect(nameOf("a")).toBe("first");
    writer.exec("commit");
    expect(nameOf("a")).toBe("pending");
  });

  it("stays right when a write is rolled back", () => {
    expect(nameOf("a")).toBe("first");
    writer.exec("begin immediate");
    writer.prepare("update s set name = 'never' where token = 'a'").run();
    writer.exec("rollback");
    expect(nameOf("a")).toBe("first");
  });
});
