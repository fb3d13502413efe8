import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { signedCookieValue } from "../helpers/session-fixtures.js";
import { shareSession, uniqueAddress, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, expectAccessible, launchBrowser, openPage } from "./helpers/browser.js";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("account settings: sessions", () => {
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

  /** A session signed in with this User-Agent, shared into a browser context that sends the same one. */
  async function device(email: string, password: string, userAgent: string, options = {}) {
    const watched = await openPage(browser, { userAgent, ...options });
    const client = server.client({ "User-Agent": userAgent });
    expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    await shareSession(watched.context, server, client);
    return { ...watched, client };
  }

  it("lists every device with browser, system and address, and signs one, the others, then all out", async () => {
    const { user, password, client: signUpClient } = await server.signUp(uniqueAddress("devices"));
    const laptop = await device(user.email, password, FIREFOX);
    const phone = await device(user.email, password, IPHONE, { viewport: { width: 390, height: 844 }, isMobile: true });
    const { page } = laptop;

    await page.goto(`${server.url}/settings/sessions`);
    await page.getByRole("heading", { name: "Sessions", level: 2 }).waitFor();
    await page.getByText("3 active sessions").waitFor();
    const list = page.getByRole("list", { name: "Active sessions" });
    const here = list.getByRole("listitem").filter({ hasText: "This device" });
    await here.getByText("Firefox 128 on Linux").waitFor();
    await here.getByText("127.0.0.1").waitFor();
    await here.getByText("Last active").waitFor();
    await list.getByText(/Mobile Safari 17 on iOS 17\.5/).waitFor();
    await checkScreen(page, "settings-sessions");

    // The phone sees itself as "this device", on a phone-sized screen.
    await phone.page.goto(`${server.url}/settings/sessions`);
    await phone.page
      .getByRole("listitem")
      .filter({ hasText: "This device" })
      .getByText(/Mobile Safari/)
      .waitFor();
    await checkScreen(phone.page, "settings-sessions-phone");

    // One session.
    await page.getByRole("button", { name: /^Sign out of Mobile Safari 17 on iOS 17\.5$/ }).click();
    await page.getByText("That session has been signed out.").waitFor();
    await page.getByText("2 active sessions").waitFor();
    await phone.page.reload();
    await phone.page.waitForURL(/\/sign-in/);

    // Every other session, after a confirmation (once the toast has gone: axe would measure it dimmed by the dialog's backdrop).
    await page.getByText("That session has been signed out.").waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Sign out of all other sessions" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Sign out of all other sessions?" });
    await dialog.waitFor();
    await expectAccessible(page, "settings-sessions-confirm");
    await dialog.getByRole("button", { name: "Sign out of all other sessions" }).click();
    await page.getByText("All your other sessions have been signed out.").waitFor();
    await page.getByText("You're not signed in anywhere else.").waitFor();
    expect((await signUpClient.get("/api/auth/get-session")).body).toBeNull();

    // Everywhere, this browser included.
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page
      .getByRole("alertdialog", { name: "Sign out everywhere?" })
      .getByRole("button", { name: "Sign out everywhere" })
      .click();
    await page.waitForURL(/\/sign-in$/);
    expect((await laptop.client.get("/api/auth/get-session")).body).toBeNull();
    expect(laptop.pageErrors).toEqual([]);
  });

  it("shows an administrator acting as the user as an impersonation, which the user can end", async () => {
    const { user, password } = await server.signUp(uniqueAddress("impersonated"));
    const laptop = await device(user.email, password, FIREFOX);
    const ctx = await server.running.auth.$context;
    const admin = await ctx.internalAdapter.createUser(
      { email: uniqueAddress("impersonator"), name: "Impersonator", emailVerified: true, role: "admin" },
      { method: "admin" },
    );
    const adminSession = await ctx.internalAdapter.createSession(admin.id, false, {}, true);
    const adminClient = server.client({ "User-Agent": IPHONE });
    adminClient.cookies.set("tessera.session_token", signedCookieValue(adminSession.token));
    expect((await adminClient.post("/api/auth/admin/impersonate-user", { userId: user.id })).status).toBe(200);

    await laptop.page.goto(`${server.url}/settings/sessions`);
    const list = laptop.page.getByRole("list", { name: "Active sessions" });
    const acting = list.getByRole("listitem").filter({ hasText: "Impersonation by an administrator" });
    await acting.getByText(/Mobile Safari/).waitFor();
    expect(await list.getByRole("listitem").filter({ hasText: "This device" }).textContent()).not.toContain(
      "Impersonation",
    );
    await acting.getByRole("button", { name: /^Sign out of Mobile Safari/ }).click();
    await laptop.page.getByText("That session has been signed out.").waitFor();
    expect((await adminClient.get("/api/auth/get-session")).body).toBeNull();
    expect(laptop.pageErrors).toEqual([]);
  });

  it("signing out this device from the list ends here", async () => {
    const { user, password } = await server.signUp(uniqueAddress("self"));
    const laptop = await device(user.email, password, FIREFOX);
    await laptop.page.goto(`${server.url}/settings/sessions`);
    await laptop.page.getByRole("button", { name: "Sign out here" }).click();
    await laptop.page.waitForURL(/\/sign-in$/);
    expect((await laptop.client.get("/api/auth/get-session")).body).toBeNull();
  });
});
