import type { BrowserContext } from "playwright-core";
import type { TestClient } from "../../helpers/client.js";
import type { TestServer } from "../../helpers/server.js";

/** The built web app to serve: E2E_WEB_ROOT (a private build, safe from parallel rebuilds) or dist/web. */
export const WEB_ROOT = process.env.E2E_WEB_ROOT ?? "dist/web";

let counter = 0;
/** A unique address per call, so the tests of one file can share a server. */
export function uniqueAddress(tag: string): string {
  counter += 1;
  return `${tag}-${counter}-${Date.now().toString(36)}@example.com`;
}

/** Puts an HTTP client's session cookies into a browser context: that browser is now signed in as the same user. */
export async function shareSession(context: BrowserContext, server: TestServer, client: TestClient) {
  await context.addCookies(
    [...client.cookies].map(([name, value]) => ({
      name,
      value,
      url: server.url,
      httpOnly: true,
      sameSite: "Lax" as const,
    })),
  );
}

/** A verified user (signed up through the real mail flow) whose session the browser context shares. */
export async function signedInUser(
  server: TestServer,
  context: BrowserContext,
  tag: string,
  extra: { name?: string; password?: string; language?: number } = {},
) {
  const person = await server.signUp(uniqueAddress(tag), extra);
  await shareSession(context, server, person.client);
  return person;
}
