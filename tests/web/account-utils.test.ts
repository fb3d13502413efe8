import { describe, expect, it } from "vitest";
import { describeUserAgent } from "@/features/account/utils/describe-user-agent.js";
import { cropRect } from "@/lib/image-resize.js";

describe("the account settings' helpers", () => {
  it("names a session's device from its User-Agent", () => {
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toEqual({
      browser: "Firefox 128",
      os: "Linux",
      kind: "desktop",
    });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Mobile Safari 17", os: "iOS 17.5", kind: "mobile" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1",
      ).kind,
    ).toBe("tablet");
    expect(describeUserAgent(null)).toEqual({ kind: "desktop" });
    expect(describeUserAgent("curl/8.5.0")).toMatchObject({ kind: "desktop", os: undefined });
  });

  it("crops the largest centred square at zoom 1, and stays inside the picture when moved", () => {
    expect(cropRect(1600, 1200, { zoom: 1, x: 0, y: 0 })).toEqual({ sx: 200, sy: 0, side: 1200 });
    expect(cropRect(1600, 1200, { zoom: 1, x: 1, y: 1 })).toEqual({ sx: 400, sy: 0, side: 1200 });
    expect(cropRect(1600, 1200, { zoom: 2, x: -1, y: 1 })).toEqual({ sx: 0, sy: 600, side: 600 });
    // Out-of-range values are clamped rather than cropping outside the image.
    expect(cropRect(100, 100, { zoom: 10, x: 5, y: -5 })).toEqual({ sx: 75, sy: 0, side: 25 });
  });
});
