import type { Page } from "playwright-core";
import type { TestServer } from "../../helpers/server.js";

/** Signs in through the sign-in screen and waits until the app has navigated away from it. */
export async function signInThroughUi(
  page: Page,
  server: TestServer,
  email: string,
  password: string,
  path = "/sign-in",
) {
  await page.goto(`${server.url}${path}`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/sign-in");
}

/** The next mail to `to` after `since` messages, with a generous wait (mail goes through the outbox). */
export function nextMail(server: TestServer, to: string, since: number) {
  return server.mail.waitFor(to, undefined, { since, timeout: 20_000 });
}

/** Signs out through the account menu of the user shown by that name, and lands on the sign-in page. */
export async function signOut(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/sign-in");
}
