import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Runs before every tests/web file (vitest.config.ts, project "web"). The files share loaded modules
// (isolate: false), so an `afterEach` at the top of a shared helper would be registered only for the
// first file that imports it: every later file would keep the screens of its earlier tests mounted.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
