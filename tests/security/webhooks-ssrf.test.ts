import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.js";
import { refusedRange } from "../../src/server/webhooks/address-guard.js";
import { refuseUrl } from "../../src/server/webhooks/routes.js";
import type { WebhookDeliveryView } from "../../src/shared/webhooks.js";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../helpers/databases.js";
import { expectStatus, type OrganizationSetup, setupOrganization } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { until } from "../helpers/wait.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.js";

// docs/webhooks.md "Safe by default": what may never receive a webhook, at registration and at send time.

/** One literal address of every refused range, as a URL host. */
const REFUSED_HOSTS = [
  "127.0.0.1",
  "127.255.255.254",
  "0.0.0.0",
  "10.1.2.3",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "192.0.0.8",
  "192.0.2.1",
  "198.18.0.1",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  "[::1]",
  "[::]",
  "[::ffff:127.0.0.1]",
  "[::ffff:8.8.8.8]",
  "[::127.0.0.1]",
  "[64:ff9b::7f00:1]",
  "[100::1]",
  "[2001::1]",
  "[2001:db8::1]",
  "[2002:7f00:1::1]",
  "[fc00::1]",
  "[fd12:3456::1]",
  "[fe80::1]",
  "[fec0::1]",
  "[ff02::1]",
  // Other spellings of loopback that URL parsing turns into 127.0.0.1.
  "2130706433",
  "0x7f000001",
  "0177.0.0.1",
  "127.1",
  // Names that only mean this machine or a private network.
  "localhost",
  "LOCALHOST.",
  "api.localhost",
  "printer.local",
  "metadata.google.internal",
  "router.home.arpa",
  "intranet",
];

const ALLOWED_HOSTS = ["example.com", "hooks.example.org", "93.184.215.14", "[2606:4700::6810:85e5]"];

describe("webhook addresses refused without looking them up", () => {
  const settings = loadConfig({ NODE_ENV: "test" }).webhooks;

  it.each(REFUSED_HOSTS)("%s", (host) => {
    expect(refuseUrl(`http://${host}/hook`, settings)).toBe("WEBHOOK_URL_NOT_ALLOWED");
  });

  it.each(ALLOWED_HOSTS)("%s is allowed", (host) => {
    expect(refuseUrl(`https://${host}/hook`, settings)).toBeNull();
  });

  it("every resolved address of a refused range is refused at send time too", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "169.254.169.254",
      "::1",
      "::ffff:127.0.0.1",
      "fd00::1",
      "fe80::1%eth0",
    ])
      expect(refusedRange(address), address).not.toBeNull();
    for (const address of ["93.184.215.14", "2606:4700::6810:85e5"]) expect(refusedRange(address)).toBeNull();
  });

  it("requires https when the app runs on https or in production, and allows internal receivers only when the operator says so", () => {
    const https = loadConfig({ NODE_ENV: "test", BASE_URL: "https://id.example.com" }).webhooks;
    expect(https.requireHttps).toBe(true);
    expect(refuseUrl("http://example.com/hook", https)).toBe("WEBHOOK_URL_INVALID");
    expect(refuseUrl("https://example.com/hook", https)).toBeNull();
    const production = loadConfig({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(32),
      MAIL_TRANSPORT: "log",
    }).webhooks;
    expect(production.requireHttps).toBe(true);
    expect(settings.requireHttps).toBe(false);
    expect(refuseUrl("http://example.com/hook", settings)).toBeNull();
    const allowing = loadConfig({ NODE_ENV: "test", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" }).webhooks;
    expect(refuseUrl("http://127.0.0.1:8080/hook", allowing)).toBeNull();
    expect(refuseUrl("file:///etc/passwd", allowing)).toBe("WEBHOOK_URL_INVALID");
    expect(refuseUrl("gopher://127.0.0.1/", allowing)).toBe("WEBHOOK_URL_INVALID");
  });
});

describe.each(databaseKinds)("webhook SSRF over HTTP on %s", (kind) => {
  let database: TestDatabase;
  /** Allows loopback receivers, as the other tests run. */
  let allowing: TestServer;
  /** The same database without the operator setting: what production does. */
  let strict: TestServer;
  let receiver: WebhookReceiver;
  let team: OrganizationSetup;
  let slow: Server;
  const base = () => `/api/organizations/${team.organization.id}/webhooks`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    allowing = await startTestServer(kind, {
      database,
      env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true", WEBHOOK_TIMEOUT_MS: "500", WEBHOOK_POLL_INTERVAL_MS: "100" },
    });
    receiver = await startWebhookReceiver();
    team = await setupOrganization(allowing, "ssrf");
    // Started after the setup: on SQLite two instances in one test process share the file, and the
    // second one's queue polls (writes) could wait on the organization's create transaction while
    // blocking the very event loop that would finish it.
    strict = await startTestServer(kind, {
      database,
      env: { WEBHOOK_POLL_INTERVAL_MS: "100", WEBHOOK_MAX_ATTEMPTS: "1" },
    });
    slow = createServer((req, res) => {
      req.resume();
      if (req.url === "/slow") {
        setTimeout(() => res.writeHead(204).end(), 3000).unref();
        return;
      }
      if (req.url === "/huge") {
        // An answer without end: the sender must stop reading, not wait or buffer it all.
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const chunk = Buffer.alloc(64 * 1024, 120);
        let sent = 0;
        const pump = () => {
          while (sent < 512 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
          if (sent < 512 * 1024 * 1024 && !res.destroyed) res.once("drain", pump);
        };
        res.on("close", () => slowStats.hugeBytes.push(sent));
        pump();
        return;
      }
      if (req.url === "/redirect") {
        res.writeHead(307, { location: receiver.url("/redirected") }).end();
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  });
  const slowStats = { hugeBytes: [] as number[] };
  afterAll(async () => {
    await receiver?.close();
    slow?.closeAllConnections();
    await new Promise<void>((resolve) => (slow ? slow.close(() => resolve()) : resolve()));
    await strict?.close();
    await allowing?.close();
    await database?.drop();
  });

  const slowUrl = (path: string) => `http://127.0.0.1:${(slow.address() as AddressInfo).port}${path}`;

  async function register(server: TestServer, url: string) {
    const res = await team.owner.client.request(
      "POST",
      `${server.url}${base()}`,
      { url, events: ["member.added"] },
      { Origin: server.url },
    );
    return res;
  }

  /** Both instances share the database; only `server` works off deliveries while a test runs. */
  async function only(server: TestServer) {
    for (const s of [allowing, strict]) if (s !== server) await s.running.webhooks.worker.stop();
    server.running.webhooks.worker.start();
  }

  /** Sends a test event through `server` and waits until its delivery is done. */
  async function testDelivery(server: TestServer, endpointId: string): Promise<WebhookDeliveryView> {
    await only(server);
    const created = expectStatus(
      await team.owner.client.request("POST", `${server.url}${base()}/${endpointId}/test`, undefined, {
        Origin: server.url,
      }),
      201,
    );
    const id = created.body.delivery.id as string;
    // Done is one attempt made, whatever came of it (a refused one may wait to be tried again).
    return until(
      `delivery ${id}'s first attempt`,
      async () => {
        const list = expectStatus(
          await team.owner.client.request("GET", `${server.url}${base()}/${endpointId}/deliveries`),
          200,
        );
        const delivery = (list.body.deliveries as WebhookDeliveryView[]).find((d) => d.id === id);
        return delivery && delivery.attempts >= 1 && delivery.status !== "sending" && delivery;
      },
      { timeout: 15_000, every: 50 },
    );
  }

  it("refuses every internal range at registration, with the operator setting off", async () => {
    for (const host of REFUSED_HOSTS) {
      const res = await register(strict, `http://${host}:${receiver.port}/hook`);
      expect(res.status, host).toBe(400);
      expect(res.body.code, host).toBe("WEBHOOK_URL_NOT_ALLOWED");
    }
    expectStatus(await register(strict, "https://hooks.example.org/tessera"), 201);
  });

  it("refuses at send time a name that resolves to loopback, and literal internal addresses, without the setting", async () => {
    // Registered while the operator allowed internal receivers; sent by an instance that does not.
    const targets = [
      `http://localhost:${receiver.port}/by-name`,
      receiver.url("/literal"),
      `http://[::1]:${receiver.port}/v6`,
    ];
    for (const url of targets) {
      const created = expectStatus(await register(allowing, url), 201);
      receiver.expect(new URL(url).pathname, created.body.secret);
      const delivery = await testDelivery(strict, created.body.endpoint.id);
      expect(delivery.status, url).toBe("failed");
      expect(delivery.lastError, url).toMatch(/may not receive webhooks/);
      expect(delivery.responseStatus).toBeNull();
    }
    expect(receiver.received.filter((r) => ["/by-name", "/literal", "/v6"].includes(r.path))).toEqual([]);

    // The instance that allows them delivers to the same name.
    const allowed = expectStatus(await register(allowing, `http://localhost:${receiver.port}/allowed`), 201);
    receiver.expect("/allowed", allowed.body.secret);
    const delivered = await testDelivery(allowing, allowed.body.endpoint.id);
    expect(delivered.status).toBe("succeeded");
  });

  it("does not follow redirects", async () => {
    const created = expectStatus(await register(allowing, slowUrl("/redirect")), 201);
    const delivery = await testDelivery(allowing, created.body.endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", responseStatus: 307 });
    expect(delivery.lastError).toMatch(/redirects are not followed/);
    expect(receiver.received.filter((r) => r.path === "/redirected")).toEqual([]);
  });

  it("gives up on a slow receiver after the timeout", async () => {
    const created = expectStatus(await register(allowing, slowUrl("/slow")), 201);
    const delivery = await testDelivery(allowing, created.body.endpoint.id);
    expect(delivery.status).toBe("pending");
    expect(delivery.lastError).toBe("timed out after 500 ms");
    expect(delivery.durationMs).toBeLessThan(2500);
  });

  it("reads at most 64 KB of an answer", async () => {
    const created = expectStatus(await register(allowing, slowUrl("/huge")), 201);
    const started = Date.now();
    const delivery = await testDelivery(allowing, created.body.endpoint.id);
    expect(delivery).toMatchObject({ status: "succeeded", responseStatus: 200 });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(() => slowStats.hugeBytes.length).toBe(1);
    // The receiver could push only what fits the socket buffers before the sender hung up.
    expect(slowStats.hugeBytes[0]).toBeLessThan(16 * 1024 * 1024);
  });
});
