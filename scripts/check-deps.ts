/**
 * Offline stand-in for `npm audit --omit=dev` (its endpoint is unreachable here): checks the
 * production packages of package-lock.json against security/advisories.json and fails on any
 * high or critical advisory. Limits: docs/security.md "Dependencies".
 *
 *   npx tsx scripts/check-deps.ts [--lock package-lock.json] [--advisories security/advisories.json]
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";

export type Severity = "low" | "moderate" | "high" | "critical";

export interface Advisory {
  id: string;
  package: string;
  severity: Severity;
  /** A range: space-separated comparators (all must hold), alternatives joined by "||". */
  vulnerable: string;
  patched?: string;
  title: string;
  url?: string;
}

export interface Finding {
  advisory: Advisory;
  installed: string;
  /** Where in node_modules it sits (one package may be installed at several places). */
  path: string;
}

const FAILING: Severity[] = ["high", "critical"];
const STALE_AFTER_DAYS = 90;

type Version = { parts: [number, number, number]; pre: string[] };

function parse(version: string): Version | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(version.trim());
  if (!m) return undefined;
  return { parts: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ? m[4].split(".") : [] };
}

/** Semver precedence: negative when a < b. */
export function compare(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) throw new Error(`not a version: ${x ? b : a}`);
  for (let i = 0; i < 3; i++) if (x.parts[i] !== y.parts[i]) return (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
  if (!x.pre.length || !y.pre.length) return y.pre.length - x.pre.length; // a release outranks its prereleases
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    if (p === q) continue;
    const [np, nq] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (np && nq) return Number(p) - Number(q);
    if (np !== nq) return np ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

/** Whether `version` falls in `range` (comparators <, <=, >, >=, = or a bare version; "||" between alternatives). */
export function satisfies(version: string, range: string): boolean {
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const m = /^(<=|>=|<|>|=)?\s*(.+)$/.exec(comparator);
        if (!m) throw new Error(`bad comparator "${comparator}" in "${range}"`);
        const c = compare(version, m[2] as string);
        switch (m[1]) {
          case "<":
            return c < 0;
          case "<=":
            return c <= 0;
          case ">":
            return c > 0;
          case ">=":
            return c >= 0;
          default:
            return c === 0;
        }
      }),
  );
}

interface LockPackage {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
}

/** Production packages of a lockfile v2/v3: every node_modules entry not marked dev. */
export function productionPackages(lock: { lockfileVersion?: number; packages?: Record<string, LockPackage> }) {
  if (!lock.packages) throw new Error('package-lock.json has no "packages" (lockfileVersion 2 or 3 is needed)');
  const out: { name: string; version: string; path: string }[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.dev || entry.devOptional || !entry.version) continue;
    const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    out.push({ name, version: entry.version, path });
  }
  return out;
}

export function audit(lock: Parameters<typeof productionPackages>[0], advisories: Advisory[]): Finding[] {
  const findings: Finding[] = [];
  for (const pkg of productionPackages(lock)) {
    for (const advisory of advisories) {
      if (advisory.package === pkg.name && parse(pkg.version) && satisfies(pkg.version, advisory.vulnerable)) {
        findings.push({ advisory, installed: pkg.version, path: pkg.path });
      }
    }
  }
  return findings;
}

function main() {
  const { values } = parseArgs({
    options: {
      lock: { type: "string", default: "package-lock.json" },
      advisories: { type: "string", default: "security/advisories.json" },
    },
  });
  const lock = JSON.parse(readFileSync(resolve(values.lock), "utf8"));
  const list = JSON.parse(readFileSync(resolve(values.advisories), "utf8")) as {
    updated?: string;
    advisories: Advisory[];
  };
  const packages = productionPackages(lock);
  const findings = audit(lock, list.advisories);
  const failing = findings.filter((f) => FAILING.includes(f.advisory.severity));

  console.log(
    `check-deps: ${packages.length} production packages, ${list.advisories.length} advisories (list of ${list.updated ?? "?"})`,
  );
  for (const f of findings) {
    const a = f.advisory;
    console.log(
      `  ${a.severity.toUpperCase()} ${a.package}@${f.installed} (${f.path}): ${a.title} [${a.id}]` +
        `${a.patched ? ` fixed in ${a.patched}` : ""}${a.url ? ` ${a.url}` : ""}`,
    );
  }
  const age = list.updated ? (Date.now() - Date.parse(list.updated)) / 86_400_000 : Number.POSITIVE_INFINITY;
  if (age > STALE_AFTER_DAYS) {
    console.log(
      `  warning: the advisory list is ${Number.isFinite(age) ? Math.floor(age) : "of unknown"} days old; review it`,
    );
  }
  if (failing.length) {
    console.log(`check-deps: FAILED, ${failing.length} high/critical advisories apply`);
    process.exit(1);
  }
  console.log(`check-deps: ok (${findings.length} lower-severity findings)`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
