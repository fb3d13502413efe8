import { defineConfig } from "vitest/config";

/** `npm run test:e2e`: the built web app in Chromium against the real server (not part of `npm test`). */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time, each with its own server and browser: one at a time left the 2 cores idle
    // for a third of the run (waiting on the browser, the server and the page), and the whole suite took
    // 9.7 min where two took 6.6 min (each file about 1.3 times slower; measured on 2026-12-07, fast spell).
    maxWorkers: 2,
  },
});
