import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";

/** The header the engine reads the client IP from; set by us, never by the client. */
export const CLIENT_IP_HEADER = "x-tessera-client-ip";

/**
 * The client's address: the socket peer, or, when that peer is a trusted proxy,
 * the first untrusted hop of X-Forwarded-For read from the right.
 */
export function clientIp(
  peer: string | undefined,
  forwardedFor: string | null,
  trustedProxies: string[],
): string | undefined {
  const address = normalize(peer);
  if (!address || !trustedProxies.length || !isTrusted(address, trustedProxies)) return address;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((h) => normalize(h.trim()))
    .filter((h): h is string => Boolean(h));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!isTrusted(hop, trustedProxies)) return hop;
  }
  return hops[0] ?? address;
}

function normalize(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  const v = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  return isIP(v) ? v : undefined;
}

function isTrusted(ip: string, ranges: string[]): boolean {
  return ranges.some((r) => inRange(ip, r));
}

function inRange(ip: string, range: string): boolean {
  const [base = "", bitsText] = range.split("/");
  const kind = isIP(ip);
  if (kind !== isIP(base)) return false;
  const a = toBigInt(ip);
  const b = toBigInt(base);
  const width = kind === 4 ? 32 : 128;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > width) return false;
  const shift = BigInt(width - bits);
  return a >> shift === b >> shift;
}

function toBigInt(ip: string): bigint {
  if (isIP(ip) === 4) return ip.split(".").reduce((acc, p) => (acc << 8n) + BigInt(Number(p)), 0n);
  const [head = "", tail = ""] = ip.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h;
  return groups.reduce((acc, g) => (acc << 16n) + BigInt(Number.parseInt(g || "0", 16)), 0n);
}

/** The socket peer's address of a Hono request on Node; undefined without a socket (app.request() in tests). */
export function peerAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}
