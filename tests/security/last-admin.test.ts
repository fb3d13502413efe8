import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { makeUser, sessionClient } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createUserWithId } from "../helpers/session-fixtures.js";
import { outcome, recordCount, uid } from "./support.js";

// The site is never left without an admin (src/server/auth/admin-rules.ts): the last one, counting
// ADMIN_USER_IDS users and `admin`-role users who are not banned, cannot drop the role or delete
// the account, whichever call tries.

const LAST = "400 The last admin cannot be demoted or deleted; make another user an admin first";
const LISTED = "lastadminlisted00000000000000001";

describe.each(databaseKinds)("the last admin on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Listed, but no such user yet: it does not count until it exists.
    server = await startTestServer(kind, { env: { ADMIN_USER_IDS: LISTED } });
  });
  afterAll(() => server?.close());

  const roleOf = async (id: string) =>
    (await server.running.database.db.selectFrom("user").select("role").where("id", "=", id).executeTakeFirst())?.role;
  const exists = async (id: string) =>
    Boolean(await server.running.database.db.selectFrom("user").select("id").where("id", "=", id).executeTakeFirst());

  it("cannot demote or delete themselves; another admin (not banned) or an existing listed admin lifts it", async () => {
    let refused = 0;
    const refuse = (res: { status: number; body?: any }, what: string) => {
      expect(outcome(res), what).toBe(LAST);
      expect(res.body.code, what).toBe("CANNOT_REMOVE_LAST_ADMIN");
      refused += 1;
    };
    const admin = (tag: string, fields: Record<string, unknown> = {}) =>
      makeUser(server, `${tag}-${uid()}@example.com`, { role: "admin", ...fields });

    const a = await admin("a");
    // A banned admin does not count.
    await admin("banned", { banned: true });
    const { client: ca } = await sessionClient(server, a.id);
    refuse(await ca.post("/api/auth/admin/set-role", { userId: a.id, role: "user" }), "set-role user");
    refuse(await ca.post("/api/auth/admin/set-role", { userId: a.id, role: ["user"] }), "set-role [user]");
    const since = server.mail.messages.length;
    refuse(await ca.post("/api/auth/delete-user", { callbackURL: "/" }), "delete-user");
    expect(await roleOf(a.id)).toBe("admin");
    // Keeping the role is no demotion.
    expect(outcome(await ca.post("/api/auth/admin/set-role", { userId: a.id, role: "admin" }))).toBe("200");

    // With a second admin, A may go; then B is the last.
    const b = await admin("b");
    expect(outcome(await ca.post("/api/auth/admin/set-role", { userId: a.id, role: "user" }))).toBe("200");
    const { client: cb } = await sessionClient(server, b.id);
    refuse(await cb.post("/api/auth/admin/set-role", { userId: b.id, role: "user" }), "set-role after A left");

    // A deletion started while another admin existed is refused at the mail link once B is the last.
    const c = await admin("c");
    const { client: cb2 } = await sessionClient(server, b.id);
    expect(outcome(await cb2.post("/api/auth/delete-user", { callbackURL: "/" }))).toBe("200");
    const { link } = await mailWithLink(server, b.email, "/delete-user/callback", since);
    const { client: cc } = await sessionClient(server, c.id);
    expect(outcome(await cc.post("/api/auth/admin/set-role", { userId: c.id, role: "user" }))).toBe("200");
    refuse(await server.followMailLink(cb2, link), "delete-user callback");
    expect(await exists(b.id)).toBe(true);

    // An ADMIN_USER_IDS admin who exists counts.
    await createUserWithId(server, LISTED, "L");
    expect(outcome(await cb.post("/api/auth/admin/set-role", { userId: b.id, role: "user" }))).toBe("200");
    expect(await roleOf(b.id)).toBe("user");
    // The listed admin is now the last one: deleting the account is refused.
    const { client: cl } = await sessionClient(server, LISTED);
    refuse(await cl.post("/api/auth/delete-user", { callbackURL: "/" }), "listed delete-user");
    recordCount("admin: last-admin demotions and deletions refused", refused, kind);
  }, 60_000);
});
