import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

interface DevMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

describe.each(databaseKinds)("dev mailbox on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // No SMTP_URL outside production: mail stays in the app (an empty variable counts as unset).
    server = await startTestServer(kind, { env: { SMTP_URL: "" } });
  });
  afterAll(() => server?.close());

  it("keeps the mail of a sign-up, lists it, shows it, and its link works", async () => {
    const client = server.client();
    const res = await client.post("/api/auth/sign-up/email", {
      email: "devbox@example.com",
      password: "correct horse battery",
      name: "Dev <Box>",
      language: 16,
    });
    expect(res.status, res.text).toBe(200);

    const list = await client.get("/api/dev/mailbox", { to: "devbox@example.com" });
    expect(list.status).toBe(200);
    const [listed] = list.body.messages as DevMail[];
    expect(listed).toMatchObject({
      kind: "verify-email",
      to: "devbox@example.com",
      subject: "Confirmez votre adresse e-mail pour Tessera",
    });
    expect(Date.parse(listed!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const one = await client.get(`/api/dev/mailbox/${listed!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(listed);
    expect(one.body.html).toContain("Bonjour Dev &#60;Box&#62;,");
    expect(one.body.text).toContain("Bonjour Dev <Box>,");

    const link = (one.body.text as string).match(/https?:\/\/\S+\/verify-email\S*/)?.[0];
    expect(link).toBeDefined();
    expect((await server.followMailLink(client, link!)).status).toBeLessThan(400);
    expect((await client.get("/api/auth/get-session")).body.user.emailVerified).toBe(true);
    // Nothing went out over SMTP.
    expect(server.mail.messages).toHaveLength(0);
  });

  it("lists newest first and answers unknown ids and bad queries with clear 4xx errors", async () => {
    for (const n of [1, 2]) {
      await server.client().post("/api/auth/sign-up/email", {
        email: `order-${n}@example.com`,
        password: "correct horse battery",
        name: `Order ${n}`,
      });
    }
    const all = (await server.client().get("/api/dev/mailbox")).body.messages as DevMail[];
    const order = all.map((m) => m.to).filter((to) => to.startsWith("order-"));
    expect(order).toEqual(["order-2@example.com", "order-1@example.com"]);

    const missing = await server.client().get("/api/dev/mailbox/no-such-mail");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: "MAIL_NOT_FOUND", message: "No such mail in the dev mailbox" });
    const bad = await server.client().get("/api/dev/mailbox", { limit: "lots" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/);
  });

  it("empties the mailbox", async () => {
    const cleared = await server.client().request("DELETE", "/api/dev/mailbox");
    expect(cleared.status).toBe(200);
    expect(cleared.body.deleted).toBeGreaterThan(0);
    expect((await server.client().get("/api/dev/mailbox")).body.messages).toEqual([]);
  });
});

describe("dev mailbox is absent when mail really goes out", () => {
  it("404 when SMTP_URL is set", async () => {
    const server = await startTestServer("sqlite");
    try {
      for (const path of ["/api/dev/mailbox", "/api/dev/mailbox/anything"]) {
        const res = await server.client().get(path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: "NOT_FOUND", message: "Not found" });
      }
    } finally {
      await server.close();
    }
  });

  it("404 in production (MAIL_TRANSPORT=log), where mail is only logged", async () => {
    const server = await startTestServer("sqlite", {
      env: { NODE_ENV: "production", SMTP_URL: "", MAIL_TRANSPORT: "log" },
    });
    try {
      const res = await server.client().post("/api/auth/sign-up/email", {
        email: "prod@example.com",
        password: "correct horse battery",
        name: "Prod",
      });
      expect(res.status, res.text).toBe(200);
      expect((await server.client().get("/api/dev/mailbox")).status).toBe(404);
      const kept = await server.running.database.db.selectFrom("outbox").selectAll().execute();
      expect(kept).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
