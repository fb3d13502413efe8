import { describe, expect, it } from "vitest";
import { APP_ROUTES, isAppRoute } from "./app-routes.js";

describe("the web app's screen paths (issue 22 item 9)", () => {
  it("matches each screen, with its parameters and an optional trailing slash", () => {
    for (const route of Object.values(APP_ROUTES))
      expect(isAppRoute(route.replace(/:[A-Za-z]+/g, "x1")), route).toBe(true);
    expect(isAppRoute("/settings/profile/")).toBe(true);
    expect(isAppRoute("/org/acme/webhooks/e1")).toBe(true);
  });

  it("matches nothing else: unknown paths, extra or empty segments", () => {
    for (const path of [
      "/nope",
      "/settings/nope",
      "/org",
      "/org//members",
      "/org/acme/members/x",
      "/sign-in/x",
      "//",
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
