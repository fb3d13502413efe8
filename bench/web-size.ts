/**
 * `npm run bench:web`: what an anonymous first visit downloads of JS and CSS, measured in Chromium
 * (/usr/bin/chromium through playwright-core, as the e2e suite runs it) against the real server serving
 * dist/web: a fresh browser context opens `/` (which sends an anonymous visitor to sign-in) and
 * `/sign-in`, until the network has been idle for 500 ms, and every script and stylesheet response is
 * counted at its encoded size, i.e. as the browser received it (brotli where the build made a copy).
 * Target: ≤ 120 KB each (issue 21); tests/e2e/first-visit.e2e.ts fails the suite over it.
 * Build first: `npx vite build` (`npm run bench:web` does).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { startAppServer } from "../tests/e2e/helpers/app-server.js";
import { launchBrowser } from "../tests/e2e/helpers/browser.js";
import { type FirstVisit, measureFirstVisit } from "../tests/e2e/helpers/download-size.js";

const { values } = parseArgs({ options: { out: { type: "string", default: "bench/results/web-size.json" } } });
const RESULT = values.out as string;
const TARGET_BYTES = 120 * 1024;
const PATHS = ["/", "/sign-in"] as const;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  if (!existsSync("dist/web/index.html")) {
    console.error("dist/web/index.html not found: run `npx vite build` first.");
    process.exit(1);
  }
  const server = await startAppServer();
  const browser = await launchBrowser();
  const visits: (FirstVisit & { path: string; pass: boolean })[] = [];
  try {
    for (const path of PATHS) {
      const visit = await measureFirstVisit(browser, server.url, path);
      visits.push({ path, ...visit, pass: visit.totalBytes <= TARGET_BYTES });
    }
  } finally {
    await browser.close();
    await server.close();
  }

  for (const v of visits) {
    console.log(`\n${v.path} (landed on ${v.landedOn}), as Chromium received it until the network was idle:\n`);
    console.log(`${"file".padEnd(52)} ${"encoding".padEnd(10)} ${"bytes".padStart(10)}`);
    for (const f of v.files) console.log(`${f.path.padEnd(52)} ${f.encoding.padEnd(10)} ${kb(f.bytes).padStart(10)}`);
    console.log("-".repeat(74));
    console.log(`${`total, ${v.files.length} files`.padEnd(52)} ${"".padEnd(10)} ${kb(v.totalBytes).padStart(10)}`);
    console.log(
      `JS ${kb(v.jsBytes)} + CSS ${kb(v.cssBytes)}; target ≤ ${kb(TARGET_BYTES)}: ${v.pass ? "PASS" : "FAIL"}`,
    );
  }

  const result = {
    measuredAt: new Date().toISOString(),
    how: "Chromium (playwright-core), fresh context, until network idle; encoded bytes of every JS/CSS response",
    targetBytes: TARGET_BYTES,
    pass: visits.every((v) => v.pass),
    visits,
  };
  mkdirSync(dirname(RESULT), { recursive: true });
  writeFileSync(RESULT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWritten to ${RESULT}`);
  if (!result.pass) process.exitCode = 1;
}

await main();
