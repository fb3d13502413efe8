import { UAParser } from "ua-parser-js";

type DeviceKind = "mobile" | "tablet" | "desktop";

/** A session's device as people name it: "Firefox 128", "Linux", a phone. Unknown parts stay undefined. */
export interface DeviceDescription {
  browser?: string;
  os?: string;
  kind: DeviceKind;
}

/** Reads a User-Agent header (as the server stored it) into browser, system and kind of device. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { kind: "desktop" };
  const { browser, os, device } = UAParser(userAgent);
  const join = (name?: string, version?: string) => (name ? [name, version].filter(Boolean).join(" ") : undefined);
  return {
    browser: join(browser.name, browser.major),
    os: join(os.name, os.version),
    kind:
      device.type === "mobile" || device.type === "wearable"
        ? "mobile"
        : device.type === "tablet"
          ? "tablet"
          : "desktop",
  };
}
