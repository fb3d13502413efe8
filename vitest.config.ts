import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/integration/**/*.test.ts",
      "tests/conformance/**/*.test.ts",
      "tests/reliability/**/*.test.ts",
      "tests/security/**/*.test.ts",
      "tests/scale/**/*.test.ts",
      "tests/docs/**/*.test.ts",
      "src/**/*.test.ts",
      // Web components and i18n in jsdom (each file sets `@vitest-environment jsdom`); e2e is `npm run test:e2e`.
      "tests/web/**/*.test.{ts,tsx}",
    ],
    // One migrated PostgreSQL database that each test database is copied from.
    globalSetup: ["tests/helpers/postgres-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Integration files each start servers and databases; two at a time suits 2 cores.
    maxWorkers: 2,
  },
});
