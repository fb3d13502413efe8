import { defineConfig } from "vitest/config";

/**
 * Files that need a process of their own:
 * - they change what a module reads once, when first imported (error-page-production sets NODE_ENV before
 *   the engine is loaded);
 * - they turn the engine's rate limits on over SQLite, which counts in one Map at the top of the engine's
 *   rate-limiter module, shared by every server in the process: with loaded modules shared, a file's
 *   sign-ins from 127.0.0.1 counted against the next file's (metrics.test.ts got a 429 for its first
 *   failed sign-in after another rate-limited file ran just before it in the same worker).
 * tests/docs/own-process.test.ts fails naming a file that does either and is missing here.
 */
export const OWN_PROCESS = [
  "tests/conformance/error-page-production.test.ts",
  "tests/integration/auth-rate-limit.test.ts",
  "tests/integration/metrics.test.ts",
  "tests/scale/multi-instance.test.ts",
  "tests/conformance/forget-password.test.ts",
  "tests/security/brute-force.test.ts",
  "tests/security/mfa-code-limits.test.ts",
];

export default defineConfig({
  // The web app's "@/…" imports (tsconfig.json paths: "@/shared/…" is src/shared/…), for tests/web and what tests
  // import from src/web.
  resolve: { tsconfigPaths: true },
  test: {
    // One migrated PostgreSQL database that each test database is copied from.
    globalSetup: ["tests/helpers/postgres-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Integration files each start servers and databases; two at a time suits 2 cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: [
            "tests/integration/**/*.test.ts",
            "tests/conformance/**/*.test.ts",
            "tests/reliability/**/*.test.ts",
            "tests/security/**/*.test.ts",
            "tests/scale/**/*.test.ts",
            "tests/docs/**/*.test.ts",
            "src/**/*.test.ts",
          ],
          exclude: OWN_PROCESS,
          // A worker runs its files one after another with the modules it already loaded: importing the
          // server, the engine and their dependencies took about 3.5 s of each file's run, 180 times.
          // Each file still starts its own servers and databases; nothing but loaded code is shared.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          // Web components and i18n in jsdom; e2e is `npm run test:e2e`.
          include: ["tests/web/**/*.test.{ts,tsx}"],
          // Set here for every file: with the environment chosen file by file (jsdom in 23 files, Node's in 17),
          // the 40 files ran in 16 worker processes, each loading jsdom and the app anew (31 s of wall time);
          // set here, in 3 (19 s). A file that needs Node's globals says `@vitest-environment node`.
          environment: "jsdom",
          // Unmounts each test's screen and restores real timers, in every file (see the file's comment).
          setupFiles: ["tests/web/helpers/cleanup.ts"],
          isolate: false,
        },
      },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS, isolate: true } },
    ],
  },
});
