import { UAParser } from "ua-parser-js";

/** "Firefox 128 on Linux" parts from a stored User-Agent; undefined parts are unknown. */
export function deviceOf(userAgent: string | null | undefined): { browser?: string; os?: string } {
  if (!userAgent) return {};
  const { browser, os } = UAParser(userAgent);
  const join = (name?: string, version?: string) => (name ? [name, version].filter(Boolean).join(" ") : undefined);
  return { browser: join(browser.name, browser.major), os: join(os.name, os.version) };
}
