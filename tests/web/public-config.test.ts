import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_CONFIG, parsePublicConfig } from "@/lib/public-config.js";

describe("GET /api/public-config as the screens read it", () => {
  it("takes the documented shape as is", () => {
    const body = {
      providers: [{ id: "github", name: "GitHub" }],
      passwordPolicy: { minLength: 12, maxLength: 64 },
      requireEmailVerification: false,
      organizationCreators: "admins",
    };
    expect(parsePublicConfig(body)).toEqual(body);
  });

  it("falls back to the defaults (no social buttons) for a missing or broken answer", () => {
    expect(parsePublicConfig(null)).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(parsePublicConfig({ code: "NOT_FOUND", message: "Not found" })).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(
      parsePublicConfig({
        providers: [{ id: "" }, { id: "x", name: 3 }, null, { id: "google", name: "Google" }],
        passwordPolicy: { minLength: -1, maxLength: "many" },
        requireEmailVerification: "yes",
        organizationCreators: "some",
      }),
    ).toEqual({ ...DEFAULT_PUBLIC_CONFIG, providers: [{ id: "google", name: "Google" }] });
  });
});
