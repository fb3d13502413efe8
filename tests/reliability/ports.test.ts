import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../helpers/ports.js";

function hold(port: number) {
  return new Promise<Server | undefined>((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(undefined));
    s.listen(port, "127.0.0.1", () => resolve(s));
  });
}

// A server process binds its port a second after the test chose it; a port from the kernel's ephemeral
// range could meanwhile go to any outbound connection (concurrent-start failed in CI with EADDRINUSE so).
describe("the ports tests give their server processes", () => {
  it("lie below the kernel's ephemeral range, differ, and pass over a port in use", async () => {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    const seen: number[] = [];
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeLessThan(Number(low));
      expect(seen).not.toContain(port);
      seen.push(port);
    }
    // The ports come one after another: hold the next two, as running servers would.
    const last = seen.at(-1) ?? 0;
    const held = await Promise.all([hold(last + 1), hold(last + 2)]);
    try {
      const port = await freePort();
      for (const [i, s] of held.entries()) if (s) expect(port).not.toBe(last + 1 + i);
    } finally {
      await Promise.all(held.map((s) => s && new Promise((resolve) => s.close(resolve))));
    }
  });
});
