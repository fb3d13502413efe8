import { expect } from "vitest";
import type { Reply } from "../helpers/client.js";

/** The SPEC §2 error page: heading, generic message, "Return to Application" to the app, the code as given (escaped). */
export function expectErrorPage(res: Reply, appURL: string, escapedCode: string) {
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(res.text).toMatch(/<h1>[^<]+<\/h1>/);
  // The middle dot, spelled `\u00B7` in error-page.ts (the server bundle is kept ASCII).
  expect(res.text).toMatch(/<title>[^<]+ · Tessera<\/title>/);
  expect(res.text).toMatch(/<p>[^<]*went wrong[^<]*<\/p>/);
  expect(res.text).toContain(`<a href="${appURL}">Return to Application</a>`);
  const shown = /<code data-testid="error-code">([^<]*)<\/code>/.exec(res.text)?.[1];
  expect(shown).toBe(escapedCode);
}
