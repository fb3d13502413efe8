import { defineConfig } from "vitest/config";

/** `npm run test:e2e`: the built web app in Chromium against the real server (not part of `npm test`). */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One browser at a time: the machines have 2 cores shared with the server under test.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
