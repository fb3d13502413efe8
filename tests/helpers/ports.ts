import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Ports for the servers that tests and the bench start, so BASE_URL is known before a server listens.
 *
 * Not the kernel's ephemeral ports (listening on port 0): a server process binds its port about a second
 * after the port was chosen, and in that second the kernel may hand the same port to any outbound connection
 * (PostgreSQL, Redis, an HTTP client) or to another listen on port 0. concurrent-start failed in CI so, with
 * EADDRINUSE. These ports lie below the ephemeral range, where the kernel hands out none; each vitest worker
 * (VITEST_POOL_ID, unique among the workers running at once) takes them from a block of its own, and each
 * port is checked free before it is handed out.
 */
const FIRST_PORT = 15_000;
const BLOCK = 1_000;

function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    return Number(low) || 32_768;
  } catch {
    return 32_768; // Linux's default; elsewhere the check below still keeps a taken port out.
  }
}

const blocks = Math.floor((ephemeralRangeStart() - FIRST_PORT) / BLOCK);
const block = blocks > 0 ? (Number(process.env.VITEST_POOL_ID) || 0) % blocks : -1;
// A random start, so a new process of the same worker does not begin with ports the last one used.
let next = Math.floor(Math.random() * BLOCK);

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(undefined));
    s.listen(port, "127.0.0.1", () => {
      const { port: bound } = s.address() as { port: number };
      s.close(() => resolve(bound));
    });
  });
}

/** A port free on 127.0.0.1 that no other worker of this run is handed. */
export async function freePort(): Promise<number> {
  if (block >= 0) {
    for (let tried = 0; tried < BLOCK; tried++) {
      const port = FIRST_PORT + block * BLOCK + (next++ % BLOCK);
      if ((await listenOn(port)) === port) return port;
    }
  }
  // The ephemeral range starts too low to leave room below it (or this worker's block is full).
  const port = await listenOn(0);
  if (port === undefined) throw new Error("no free TCP port on 127.0.0.1");
  return port;
}
