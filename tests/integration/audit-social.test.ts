import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEventRow } from "../../src/server/audit/schema.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  followProviderRedirect,
  type OidcProvider,
  socialSignIn,
  startOidcProvider,
} from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe.each(databaseKinds)("audit of social sign-in and linked accounts on %s", (kind) => {
  let idp: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-app", clientSecret: "audit-secret" });
    const providers = [
      {
        id: "acme",
        name: "Acme",
        discoveryUrl: idp.discoveryUrl,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    ];
    server = await startTestServer(kind, { env: { OIDC_PROVIDERS: JSON.stringify(providers) } });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  async function eventsFor(action: string, actorId: string) {
    return (await server.running.auth.$context).adapter.findMany<AuditEventRow>({
      model: "auditEvent",
      where: [
        { field: "action", value: action },
        { field: "actorId", value: actorId },
      ],
    });
  }

  it("records a social sign-in with its provider, and a failed one with the error", async () => {
    idp.signInAs({ sub: "s-1", email: "social@example.com", emailVerified: true });
    const client = server.client();
    const back = await socialSignIn(client, "acme");
    expect(back.status).toBe(302);
    const user = (await client.get("/api/auth/get-session")).body.user;
    const [event] = await eventsFor("sign_in.succeeded", user.id);
    expect(JSON.parse(event?.detail ?? "{}").method).toBe("acme");
    expect(await eventsFor("account.linked", user.id)).toHaveLength(1);

    const tampered = await socialSignIn(server.client(), "acme", {}, (u) => u.searchParams.set("state", "forged"));
    expect(tampered.status).toBe(302);
    const failures = await (await server.running.auth.$context).adapter.findMany<AuditEventRow>({
      model: "auditEvent",
      where: [{ field: "action", value: "sign_in.failed" }],
    });
    expect(failures.map((f) => JSON.parse(f.detail ?? "{}").code)).toContain("please_restart_the_process");
  });

  it("records linking to and unlinking from a signed-in user", async () => {
    const { client, user } = await server.signUp("linked@example.com");
    idp.signInAs({ sub: "l-1", email: "linked@example.com", emailVerified: true });
    const start = await client.post("/api/auth/link-social", { provider: "acme", callbackURL: "/settings" });
    expect((await followProviderRedirect(client, start.body.url)).status).toBe(302);
    const [linked] = await eventsFor("account.linked", user.id);
    expect(JSON.parse(linked?.detail ?? "{}").providerId).toBe("acme");

    expect((await client.post("/api/auth/unlink-account", { providerId: "acme" })).status).toBe(200);
    const [unlinked] = await eventsFor("account.unlinked", user.id);
    expect(JSON.parse(unlinked?.detail ?? "{}").providerId).toBe("acme");
  });
});
