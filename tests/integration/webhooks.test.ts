// Long, one subject: the webhook routes, sharing one server, receiver and organizations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookDeliveryView, WebhookEndpointView } from "../../src/shared/webhooks.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  createAdminWithCli,
  expectStatus,
  joinQuickly,
  type OrganizationSetup,
  setupOrganization,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { webhooksSettled } from "../helpers/wait.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.js";

const ENV = {
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
  WEBHOOK_RETRY_BASE_MS: "200",
  WEBHOOK_POLL_INTERVAL_MS: "100",
  WEBHOOK_ENDPOINT_LIMIT: "6",
};

describe.each(databaseKinds)("webhooks over HTTP on %s", (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let team: OrganizationSetup;
  let other: OrganizationSetup;
  const base = (organizationId: string) => `/api/organizations/${organizationId}/webhooks`;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: ENV });
    receiver = await startWebhookReceiver();
    [team, other] = await Promise.all([setupOrganization(server, "hooks"), setupOrganization(server, "others")]);
  });
  afterAll(async () => {
    await receiver?.close();
    await server?.close();
  });

  async function register(path: string, events: string[], organizationId = team.organization.id) {
    const res = expectStatus(
      await team.owner.client.post(base(organizationId), { url: receiver.url(path), events, description: path }),
      201,
    );
    const { endpoint, secret } = res.body as { endpoint: WebhookEndpointView; secret: string };
    receiver.expect(path, secret);
    return { endpoint, secret };
  }

  it("creates, lists, updates and deletes an endpoint; the secret is answered once", async () => {
    const { endpoint, secret } = await register("/crud", ["member.added"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(endpoint).toMatchObject({
      organizationId: team.organization.id,
      url: receiver.url("/crud"),
      description: "/crud",
      events: ["member.added"],
      enabled: true,
      disabledReason: null,
      secretHint: secret.slice(-4),
    });
    const list = expectStatus(await team.admin.client.get(base(team.organization.id)), 200);
    expect(list.body.endpoints.map((e: WebhookEndpointView) => e.id)).toContain(endpoint.id);
    expect(list.text).not.toContain(secret);

    const off = expectStatus(
      await team.admin.client.request("PATCH", `${base(team.organization.id)}/${endpoint.id}`, {
        enabled: false,
        events: ["member.added", "member.removed"],
      }),
      200,
    );
    expect(off.body.endpoint).toMatchObject({
      enabled: false,
      disabledReason: "manual",
      events: ["member.added", "member.removed"],
    });
    const on = expectStatus(
      await team.admin.client.request("PATCH", `${base(team.organization.id)}/${endpoint.id}`, { enabled: true }),
      200,
    );
    expect(on.body.endpoint).toMatchObject({ enabled: true, disabledReason: null });

    expectStatus(await team.owner.client.request("DELETE", `${base(team.organization.id)}/${endpoint.id}`), 200);
    const gone = await team.owner.client.request("DELETE", `${base(team.organization.id)}/${endpoint.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("WEBHOOK_NOT_FOUND");

    // Each change is an audit event of the organization.
    const audit = expectStatus(
      await team.owner.client.get("/api/audit", { organizationId: team.organization.id, pageSize: "100" }),
      200,
    );
    const actions = audit.body.events
      .filter((e: { targetId: string }) => e.targetId === endpoint.id)
      .map((e: { action: string }) => e.action);
    expect(actions.sort()).toEqual(["webhook.created", "webhook.deleted", "webhook.updated", "webhook.updated"]);
  });

  it("refuses bad input with the contract's codes", async () => {
    const post = (body: unknown) => team.owner.client.post(base(team.organization.id), body);
    expect((await post({ url: "ftp://example.com/x", events: ["member.added"] })).body.code).toBe(
      "WEBHOOK_URL_INVALID",
    );
    expect((await post({ url: "not a url", events: ["member.added"] })).body.code).toBe("WEBHOOK_URL_INVALID");
    expect((await post({ url: "https://example.com/x", events: [] })).body.code).toBe("WEBHOOK_EVENTS_REQUIRED");
    const unknown = await post({ url: "https://example.com/x", events: ["member.exploded"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("WEBHOOK_EVENT_UNKNOWN");
    expect((await post({ url: 42, events: [] })).status).toBe(400);
  });

  it("sends member.added, signed, with the documented payload, to the organization's endpoints only", async () => {
    const mine = await register("/members", ["member.added", "member.removed"]);
    const theirs = expectStatus(
      await other.owner.client.post(base(other.organization.id), {
        url: receiver.url("/others"),
        events: ["member.added"],
      }),
      201,
    );
    receiver.expect("/others", theirs.body.secret);

    const newcomer = await signUpPerson(server, "newcomer");
    await joinQuickly(team.owner.client, team.organization.id, newcomer, "member");
    await receiver.until(() => receiver.acknowledged("/members").some((r) => r.payload.type === "member.added"));
    const added = receiver.acknowledged("/members").find((r) => r.payload.type === "member.added");
    expect(added?.payload).toEqual({
      type: "member.added",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      version: 1,
      data: {
        eventId: expect.any(String),
        actor: { id: newcomer.user.id, email: newcomer.user.email },
        target: { type: "user", id: newcomer.user.id },
        organizationId: team.organization.id,
        detail: { role: "member", via: "invitation" },
      },
    });
    expect(added?.id).toMatch(/^msg_/);
    expect(Math.abs(Number(added?.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    // The other organization's endpoint heard nothing of it (it subscribed to member.added too).
    await webhooksSettled(server, theirs.body.endpoint.id);
    expect(
      receiver.received.filter((r) => r.path === "/others" && r.payload.data.organizationId === team.organization.id),
    ).toEqual([]);

    // The deliveries list shows it, newest first.
    const deliveries = expectStatus(
      await team.owner.client.get(`${base(team.organization.id)}/${mine.endpoint.id}/deliveries`),
      200,
    );
    const first = deliveries.body.deliveries[0] as WebhookDeliveryView;
    expect(deliveries.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(first).toMatchObject({
      status: "succeeded",
      attempts: 1,
      responseStatus: 204,
      eventType: "member.added",
      messageId: added?.id,
    });
    expect(first.durationMs).toBeGreaterThanOrEqual(0);
    expect(first.deliveredAt).not.toBeNull();

    // A resend is a new delivery of the same message (same webhook-id).
    const resent = expectStatus(
      await team.owner.client.post(`${base(team.organization.id)}/${mine.endpoint.id}/deliveries/${first.id}/resend`),
      201,
    );
    expect(resent.body.delivery).toMatchObject({ messageId: added?.id, status: "pending" });
    expect(resent.body.delivery.id).not.toBe(first.id);
    await receiver.until(() => receiver.acknowledged("/members").filter((r) => r.id === added?.id).length === 2);
    const twice = receiver.acknowledged("/members").filter((r) => r.id === added?.id);
    expect(twice[1]?.body).toBe(twice[0]?.body);
  });

  it("sends a webhook.test event on request", async () => {
    const { endpoint } = await register("/test-event", ["member.removed"]);
    const res = expectStatus(await team.admin.client.post(`${base(team.organization.id)}/${endpoint.id}/test`), 201);
    expect(res.body.delivery).toMatchObject({ eventType: "webhook.test", status: "pending" });
    await receiver.until(() => receiver.acknowledged("/test-event").length === 1);
    expect(receiver.acknowledged("/test-event")[0]?.payload).toMatchObject({
      type: "webhook.test",
      version: 1,
      data: { actor: { id: team.admin.user.id }, organizationId: team.organization.id },
    });
  });

  it("sends at most 20 test events and resends per endpoint a minute (429 with Retry-After)", async () => {
    const { endpoint } = await register("/limited", ["member.removed"]);
    const path = `${base(team.organization.id)}/${endpoint.id}/test`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => team.owner.client.post(path)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const over = await team.owner.client.post(path);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("TOO_MANY_REQUESTS");
    expect(over.body.retryAfter).toBeGreaterThan(0);
    expect(over.body.retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get("retry-after")).toBe(String(over.body.retryAfter));
    const first = answers[0]?.body.delivery.id as string;
    expect(
      (await team.owner.client.post(`${base(team.organization.id)}/${endpoint.id}/deliveries/${first}/resend`)).status,
    ).toBe(429);
    await receiver.until(() => receiver.acknowledged("/limited").length === 20);
  });

  it("signs with the previous secret too for a day after a rotation", async () => {
    const { endpoint, secret: old } = await register("/rotate", ["team.created"]);
    const rotated = expectStatus(
      await team.owner.client.post(`${base(team.organization.id)}/${endpoint.id}/rotate-secret`),
      200,
    );
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    expect(rotated.body.endpoint.secretHint).toBe(fresh.slice(-4));
    receiver.expect("/rotate", old, fresh);
    expectStatus(await team.owner.client.post(`${base(team.organization.id)}/${endpoint.id}/test`), 201);
    await receiver.until(() => receiver.acknowledged("/rotate").length === 1);
    const got = receiver.acknowledged("/rotate")[0];
    expect(got?.verifiedWith.sort()).toEqual([old, fresh].sort());
    expect(got?.signature.split(" ")).toHaveLength(2);
  });

  it("refuses members, other organizations and the signed-out (401/403/404)", async () => {
    const { endpoint } = await register("/guarded", ["member.added"]);
    const path = `${base(team.organization.id)}/${endpoint.id}`;
    // A member holds no webhook permission.
    expect((await team.member.client.get(base(team.organization.id))).status).toBe(403);
    expect(
      (
        await team.member.client.post(base(team.organization.id), {
          url: "https://example.com",
          events: ["member.added"],
        })
      ).status,
    ).toBe(403);
    expect((await team.member.client.request("DELETE", path)).status).toBe(403);
    expect((await team.member.client.post(`${path}/test`)).status).toBe(403);
    // Another organization's owner: refused on this organization, and this endpoint is not theirs.
    expect((await other.owner.client.get(base(team.organization.id))).status).toBe(403);
    const foreign = await other.owner.client.request("PATCH", `${base(other.organization.id)}/${endpoint.id}`, {
      enabled: false,
    });
    expect(foreign.status).toBe(404);
    expect((await other.owner.client.get(`${base(other.organization.id)}/${endpoint.id}/deliveries`)).status).toBe(404);
    expect((await other.owner.client.post(`${base(other.organization.id)}/${endpoint.id}/rotate-secret`)).status).toBe(
      404,
    );
    expect((await other.owner.client.request("DELETE", `${base(other.organization.id)}/${endpoint.id}`)).status).toBe(
      404,
    );
    // A site endpoint id is no organization's either.
    // A page elsewhere cannot make a signed-in browser change endpoints.
    const foreignOrigin = await team.owner.client.post(
      base(team.organization.id),
      { url: "https://example.com/x", events: ["member.added"] },
      { Origin: "https://evil.example" },
    );
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.body.code).toBe("INVALID_ORIGIN");
    expect(
      (await team.owner.client.request("DELETE", path, undefined, { Origin: "https://evil.example" })).status,
    ).toBe(403);
    // Signed out.
    const anonymous = server.client();
    expect((await anonymous.get(base(team.organization.id))).status).toBe(401);
    expect((await anonymous.get("/api/admin/webhooks")).status).toBe(401);
    // An organization owner is no site admin.
    expect((await team.owner.client.get("/api/admin/webhooks")).status).toBe(403);
  });

  it("lets site admins register site endpoints that receive every organization's events", async () => {
    const admin = await createAdminWithCli(server, "hooks-admin");
    const created = expectStatus(
      await admin.client.post("/api/admin/webhooks", { url: receiver.url("/site"), events: ["team.created"] }),
      201,
    );
    receiver.expect("/site", created.body.secret);
    expect(created.body.endpoint.organizationId).toBeNull();
    // Not visible to, nor reachable by, an organization.
    const orgList = expectStatus(await team.owner.client.get(base(team.organization.id)), 200);
    expect(orgList.body.endpoints.map((e: WebhookEndpointView) => e.id)).not.toContain(created.body.endpoint.id);
    expect(
      (await team.owner.client.post(`${base(team.organization.id)}/${created.body.endpoint.id}/test`)).status,
    ).toBe(404);

    expectStatus(
      await other.owner.client.post("/api/auth/organization/create-team", {
        name: "Site-wide",
        organizationId: other.organization.id,
      }),
      200,
    );
    await receiver.until(() => receiver.acknowledged("/site").some((r) => r.payload.type === "team.created"));
    expect(receiver.acknowledged("/site")[0]?.payload.data.organizationId).toBe(other.organization.id);
    const list = expectStatus(await admin.client.get("/api/admin/webhooks"), 200);
    expect(list.body.endpoints.map((e: WebhookEndpointView) => e.id)).toEqual([created.body.endpoint.id]);
  });

  it("refuses more endpoints than WEBHOOK_ENDPOINT_LIMIT per organization", async () => {
    const path = base(other.organization.id);
    let count = (expectStatus(await other.owner.client.get(path), 200).body.endpoints as unknown[]).length;
    while (count < 6) {
      expectStatus(
        await other.owner.client.post(path, { url: `https://hooks.example.org/${count}`, events: ["team.created"] }),
        201,
      );
      count++;
    }
    const over = await other.owner.client.post(path, {
      url: "https://hooks.example.org/over",
      events: ["team.created"],
    });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe("WEBHOOK_LIMIT_REACHED");
    // Another organization's count is its own.
    expectStatus(
      await team.owner.client.post(base(team.organization.id), {
        url: "https://hooks.example.org/mine",
        events: ["team.created"],
      }),
      201,
    );
  });
});
