import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import type { WebhookPayload } from "../../src/shared/webhooks.js";

export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: WebhookPayload;
  /** The secrets (of those registered for the path) whose signature verified, by the standardwebhooks package. */
  verifiedWith: string[];
  /** The status this receiver answered. */
  status: number;
}

/**
 * A webhook receiver on loopback (allowed by WEBHOOK_ALLOW_PRIVATE_ADDRESSES in the tests). Every request
 * is checked with `new Webhook(secret).verify(body, headers)` for each secret registered for its path;
 * `answer` decides the status. It can go down (connections refused) and come back on the same port.
 */
export async function startWebhookReceiver() {
  const secrets = new Map<string, string[]>();
  const received: Received[] = [];
  let answer: (r: Omit<Received, "status">) => number = () => 204;
  let server: Server | undefined;
  let port = 0;
  const waiters = new Set<() => void>();

  async function handle(req: IncomingMessage, res: import("node:http").ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = req.url ?? "/";
    const headers = {
      "webhook-id": String(req.headers["webhook-id"] ?? ""),
      "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
      "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
    };
    const verifiedWith = (secrets.get(path) ?? []).filter((secret) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
    let payload: WebhookPayload;
    try {
      payload = JSON.parse(body);
    } catch {
      payload = undefined as unknown as WebhookPayload;
    }
    const entry = {
      path,
      id: headers["webhook-id"],
      timestamp: headers["webhook-timestamp"],
      signature: headers["webhook-signature"],
      body,
      payload,
      verifiedWith,
    };
    const status = verifiedWith.length ? answer(entry) : 401;
    received.push({ ...entry, status });
    res.writeHead(status).end();
    for (const w of waiters) w();
  }

  async function listen() {
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  }
  await listen();

  return {
    received,
    get port() {
      return port;
    },
    url(path: string) {
      return `http://127.0.0.1:${port}${path}`;
    },
    /** The secrets that must verify requests to `path`. */
    expect(path: string, ...pathSecrets: string[]) {
      secrets.set(path, pathSecrets);
    },
    answerWith(fn: (r: Omit<Received, "status">) => number) {
      answer = fn;
    },
    /** What arrived at `path` and was acknowledged (2xx), verified. */
    acknowledged(path: string) {
      return received.filter((r) => r.path === path && r.status >= 200 && r.status < 300 && r.verifiedWith.length);
    },
    /** Resolves once `test` holds (checked after each request), or fails after `ms`. */
    async until(test: () => boolean, ms = 15_000) {
      const deadline = Date.now() + ms;
      while (!test()) {
        if (Date.now() > deadline)
          throw new Error(`receiver: condition not met in ${ms} ms (${received.length} received)`);
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(done, 100);
          waiters.add(done);
        });
      }
    },
    /** Stops listening: connections are refused until `up()`. */
    async down() {
      const s = server;
      server = undefined;
      s?.closeAllConnections();
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
    },
    async up() {
      if (!server) await listen();
    },
    close() {
      return this.down();
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
