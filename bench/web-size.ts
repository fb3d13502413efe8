/**
 * `npm run bench:web`: what the sign-in screen downloads before it is interactive, gzipped.
 * Reads dist/web/index.html and Vite's manifest: the entry and its static imports, the sign-in route's
 * lazy chunk and its static imports, the default (English) locale chunk, every stylesheet of those
 * chunks, and the classic scripts index.html loads. Target: 150 KB gzip in total.
 * Build first: `npx vite build`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

const WEB_ROOT = "dist/web";
const MANIFEST = join(WEB_ROOT, ".vite/manifest.json");
const RESULT = "bench/results/web-size.json";
const TARGET_BYTES = 150 * 1024;
/** Source paths (relative to src/web, as the manifest names them) of the lazy chunks the sign-in screen needs. */
const SIGN_IN_ROUTE = "app/routes/auth/sign-in.tsx";
const DEFAULT_LOCALE = "locales/en.ts";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Row {
  file: string;
  why: string;
  bytes: number;
  gzip: number;
}

function main() {
  if (!existsSync(MANIFEST)) {
    console.error(`${MANIFEST} not found: run \`npx vite build\` first (vite.config.ts sets build.manifest).`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
  const html = readFileSync(join(WEB_ROOT, "index.html"), "utf8");
  const rows = new Map<string, Row>();
  const add = (file: string, why: string) => {
    if (rows.has(file)) return;
    const body = readFileSync(join(WEB_ROOT, file));
    rows.set(file, { file, why, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
  };

  // What index.html itself references: classic scripts, module scripts, stylesheets, modulepreloads.
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)) {
    const url = m[1]!;
    if (/^https?:/.test(url) || !/\.(m?js|css)$/.test(url)) continue;
    add(url.replace(/^\//, ""), "index.html");
  }

  const follow = (key: string, why: string) => {
    const seen = new Set<string>();
    const walk = (k: string, reason: string) => {
      if (seen.has(k)) return;
      seen.add(k);
      const chunk = manifest[k];
      if (!chunk) throw new Error(`manifest has no ${k}`);
      add(chunk.file, reason);
      for (const css of chunk.css ?? []) add(css, `css of ${reason}`);
      for (const imp of chunk.imports ?? []) walk(imp, `${why} (static import)`);
    };
    walk(key, why);
  };

  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error("manifest has no entry");
  follow(entry[0], "entry");
  // The sign-in screen is part of the entry today; if it ever becomes a lazy route, count its chunk too.
  if (manifest[SIGN_IN_ROUTE]) follow(SIGN_IN_ROUTE, "sign-in route");
  follow(DEFAULT_LOCALE, "default locale");

  const list = [...rows.values()].sort((a, b) => b.gzip - a.gzip);
  const total = list.reduce((s, r) => ({ bytes: s.bytes + r.bytes, gzip: s.gzip + r.gzip }), { bytes: 0, gzip: 0 });
  const js = list.filter((r) => r.file.endsWith(".js")).reduce((s, r) => s + r.gzip, 0);
  const css = list.filter((r) => r.file.endsWith(".css")).reduce((s, r) => s + r.gzip, 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

  console.log("\nWhat /sign-in loads before it is interactive (gzip -9):\n");
  console.log(`${"file".padEnd(48)} ${"why".padEnd(36)} ${"raw".padStart(10)} ${"gzip".padStart(10)}`);
  for (const r of list) {
    console.log(`${r.file.padEnd(48)} ${r.why.padEnd(36)} ${kb(r.bytes).padStart(10)} ${kb(r.gzip).padStart(10)}`);
  }
  console.log("-".repeat(107));
  console.log(
    `${"total".padEnd(48)} ${`${list.length} files`.padEnd(36)} ${kb(total.bytes).padStart(10)} ${kb(total.gzip).padStart(10)}`,
  );
  console.log(
    `JS ${kb(js)} + CSS ${kb(css)}; target ≤ ${kb(TARGET_BYTES)}: ${total.gzip <= TARGET_BYTES ? "PASS" : "FAIL"}\n`,
  );

  const result = {
    measuredAt: new Date().toISOString(),
    route: "/sign-in",
    compression: "gzip level 9",
    targetBytes: TARGET_BYTES,
    totalBytes: total.bytes,
    totalGzipBytes: total.gzip,
    jsGzipBytes: js,
    cssGzipBytes: css,
    pass: total.gzip <= TARGET_BYTES,
    files: list,
  };
  mkdirSync(dirname(RESULT), { recursive: true });
  writeFileSync(RESULT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Written to ${RESULT}`);
  if (!result.pass) process.exitCode = 1;
}

main();
