import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { nextMail, signInThroughUi } from "./helpers/flows.js";

describe("two-step verification with a code by e-mail, in the browser", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer({ webRoot: WEB_ROOT });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("turns on codes by e-mail, then signs in with the mailed code", async () => {
    const first = await openPage(browser);
    const { user, password } = await signedInUser(server, first.context, "otp", { name: "Otto Otp" });
    await first.page.goto(`${server.url}/settings/security`);
    await first.page.getByRole("button", { name: "Use codes by email instead" }).click();
    const form = first.page.getByRole("form", { name: "Confirm your password to turn on codes by email" });
    await form.getByLabel("Your password", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Turn on codes by email" }).click();
    await first.page.getByText("a code sent to your email address at each sign-in.").waitFor();
    await checkScreen(first.page, "security-email-code-on");

    // No app: the second step sends the code at once, and offers neither app nor backup codes.
    const { page, pageErrors } = await openPage(browser);
    const since = server.mail.messages.length;
    await signInThroughUi(page, server, user.email, password);
    await page.waitForURL((url) => url.pathname === "/sign-in/two-factor");
    await page.getByText("We've sent a code to your email address.").waitFor();
    expect(await page.getByRole("button", { name: "Use a backup code" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Send a new code" }).isDisabled()).toBe(true);
    await checkScreen(page, "two-factor-email-code");
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, "two-factor-email-code-390");
    const mail = await nextMail(server, user.email, since);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    await page.getByLabel("Code from the email").fill(code!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("button", { name: "Account menu for Otto Otp" }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
