import { execFileSync } from "node:child_process";
import { lookup } from "node:dns/promises";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { hostname as machineName, tmpdir } from "node:os";
import { join } from "node:path";
import * as tls from "node:tls";

// Node 24's CA store calls (the @types/node here predate them).
const caStore = tls as unknown as {
  getCACertificates(type: "default"): string[];
  setDefaultCACertificates(certs: string[]): void;
};

export interface LogoutDelivery {
  contentType: string;
  logoutToken: string;
}

/**
 * A relying party's back-channel logout endpoint: a real HTTPS server.
 *
 * The provider plugin posts logout tokens only to https on a name that is not an address literal,
 * `localhost` or a reserved name (its SSRF gate; it does not resolve names). So the RP is served under
 * this machine's own name (os.hostname(), which the system resolves, e.g. through /etc/hosts), on the
 * address that name resolves to, with a certificate made here for that name; this process (where the
 * test server runs) trusts that certificate in addition to the usual ones, as a private CA would.
 */
export async function startBackchannelRp() {
  const hostname = machineName().toLowerCase();
  const { address } = await lookup(hostname);
  const dir = mkdtempSync(join(tmpdir(), "tessera-rp-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${hostname}`,
      "-addext",
      `subjectAltName=DNS:${hostname}`,
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  const key = readFileSync(join(dir, "key.pem"), "utf8");
  const cert = readFileSync(join(dir, "cert.pem"), "utf8");
  rmSync(dir, { recursive: true, force: true });

  const received: LogoutDelivery[] = [];
  const waiters = new Set<() => void>();
  let status = 200;
  const server: Server = createServer({ key, cert }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    if (req.method === "POST" && req.url === "/backchannel-logout") {
      received.push({
        contentType: String(req.headers["content-type"] ?? ""),
        logoutToken: body.get("logout_token") ?? "",
      });
      for (const wake of waiters) wake();
    }
    res.writeHead(status, { "cache-control": "no-store" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const port = (server.address() as AddressInfo).port;

  const previous = caStore.getCACertificates("default");
  caStore.setDefaultCACertificates([...previous, cert]);

  return {
    uri: `https://${hostname}:${port}/backchannel-logout`,
    received,
    /** The status the endpoint answers (200 by default). */
    answer(code: number) {
      status = code;
    },
    /** Waits until `count` logout tokens arrived in all (or fails after `ms`). */
    async waitFor(count: number, ms = 10_000): Promise<LogoutDelivery[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} logout tokens, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
      return received.slice(0, count);
    },
    async close() {
      caStore.setDefaultCACertificates(previous);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type BackchannelRp = Awaited<ReturnType<typeof startBackchannelRp>>;
