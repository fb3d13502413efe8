import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where webhooks may be sent (SSRF, docs/webhooks.md "Safe by default"). Only public unicast addresses:
 * every range below is refused, at registration for literal addresses and obviously internal names, and
 * again at send time for each address the name resolves to, right before connecting to that address.
 * An operator allows internal receivers with WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true.
 */
const REFUSED: readonly [string, number, "ipv4" | "ipv6", string][] = [
  ["0.0.0.0", 8, "ipv4", "unspecified"],
  ["10.0.0.0", 8, "ipv4", "private"],
  ["100.64.0.0", 10, "ipv4", "carrier-grade NAT"],
  ["127.0.0.0", 8, "ipv4", "loopback"],
  ["169.254.0.0", 16, "ipv4", "link-local"],
  ["172.16.0.0", 12, "ipv4", "private"],
  ["192.0.0.0", 24, "ipv4", "IETF protocol assignments"],
  ["192.0.2.0", 24, "ipv4", "documentation"],
  ["192.88.99.0", 24, "ipv4", "6to4 relay"],
  ["192.168.0.0", 16, "ipv4", "private"],
  ["198.18.0.0", 15, "ipv4", "benchmarking"],
  ["198.51.100.0", 24, "ipv4", "documentation"],
  ["203.0.113.0", 24, "ipv4", "documentation"],
  ["224.0.0.0", 4, "ipv4", "multicast"],
  ["240.0.0.0", 4, "ipv4", "reserved"],
  ["::", 128, "ipv6", "unspecified"],
  ["::1", 128, "ipv6", "loopback"],
  ["::ffff:0:0", 96, "ipv6", "IPv4-mapped"],
  ["::", 96, "ipv6", "IPv4-compatible"],
  ["64:ff9b::", 96, "ipv6", "NAT64"],
  ["64:ff9b:1::", 48, "ipv6", "NAT64"],
  ["100::", 64, "ipv6", "discard"],
  ["2001::", 32, "ipv6", "Teredo"],
  ["2001:10::", 28, "ipv6", "ORCHID"],
  ["2001:db8::", 32, "ipv6", "documentation"],
  ["2002::", 16, "ipv6", "6to4"],
  ["fc00::", 7, "ipv6", "unique-local"],
  ["fe80::", 10, "ipv6", "link-local"],
  ["fec0::", 10, "ipv6", "site-local"],
  ["ff00::", 8, "ipv6", "multicast"],
];

const lists = REFUSED.map(([network, prefix, type, name]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, type, name };
});

/** Why `address` (a literal IPv4 or IPv6 address) may not receive webhooks, or null if it may. */
export function refusedRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(bare);
  if (!version) return "not an IP address";
  const type = version === 4 ? "ipv4" : "ipv6";
  for (const entry of lists) if (entry.type === type && entry.list.check(bare, type)) return entry.name;
  return null;
}

/** Names that only ever mean this machine or a private network. */
const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".intranet", ".lan", ".home.arpa", ".localdomain"];

/** Why `hostname` (from a URL) is internal without looking it up, or null. Single-label names count too. */
export function internalHostname(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") || isIP(host)) return refusedRange(host);
  if (host === "localhost" || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))) return "internal name";
  if (!host.includes(".")) return "single-label name";
  return null;
}

export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AddressRefused";
  }
}

/**
 * The address to connect to for `hostname`, checked: every address it resolves to must be public
 * (unless private ones are allowed), and the caller connects to the one returned, never resolving again.
 */
export async function resolveChecked(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true }).catch((error: NodeJS.ErrnoException) => {
        throw new Error(`DNS lookup of ${host} failed (${error.code ?? error.message})`);
      });
  if (!addresses.length) throw new Error(`DNS lookup of ${host} found no address`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const why = refusedRange(address);
      if (why) throw new AddressRefused(`${host} resolves to ${address} (${why}), which may not receive webhooks`);
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
