import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { nextMail, signInThroughUi } from "./helpers/flows.js";

describe("sign in", () => {
  let server: TestServer;
  let browser: Browser;
  let password: string;
  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    ({ password } = await server.signUp("grace@example.com", { name: "Grace Hopper" }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("renders the sign-in screen accessibly on phone and desktop, light and dark", async () => {
    for (const [name, options] of [
      ["sign-in", {}],
      ["sign-in-dark", { colorScheme: "dark" as const }],
      ["sign-in-phone", { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }],
      ["sign-in-phone-dark", { viewport: { width: 375, height: 740 }, colorScheme: "dark" as const }],
    ] as const) {
      const { page, context } = await openPage(browser, options);
      await page.goto(`${server.url}/sign-in`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      // No social buttons unless the server configured providers.
      expect(await page.getByText("or continue with").count()).toBe(0);
      await checkScreen(page, name);
      await context.close();
    }
  });

  it("answers a wrong password and an unknown address with the same message", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel("Email", { exact: true }).fill("grace@example.com");
    await page.getByLabel("Password", { exact: true }).fill("not her password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert");
    await alert.getByText("Invalid email or password.").waitFor();
    await checkScreen(page, "sign-in-wrong-password");
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");

    await page.getByLabel("Email", { exact: true }).fill("nobody@example.com");
    await page.getByLabel("Password", { exact: true }).fill("whatever it is");
    // Waiting from before the click: an answer that came before the wait began would never be seen.
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await answered;
    await alert.getByText("Invalid email or password.").waitFor();
    expect(await alert.textContent()).toBe("Invalid email or password.");
    await context.close();
  });

  it("tells an unverified user a new verification mail went out", async () => {
    const c = server.client();
    await c.post("/api/auth/sign-up/email", { email: "late@example.com", password: "late but sure", name: "Late" });
    await nextMail(server, "late@example.com", 0);
    const since = server.mail.messages.length;
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel("Email", { exact: true }).fill("late@example.com");
    await page.getByLabel("Password", { exact: true }).fill("late but sure");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Verify your email address first").waitFor();
    await page.getByText("We've sent a new verification link to late@example.com").waitFor();
    const mail = await nextMail(server, "late@example.com", since);
    expect(mail.links.some((l) => l.includes("/verify-email?token="))).toBe(true);
    await checkScreen(page, "sign-in-unverified");
    await context.close();
  });

  it("sends a signed-out visit of a protected screen to sign-in and back", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/?from=bookmark`);
    await page.waitForURL(`${server.url}/sign-in?redirectTo=%2F%3Ffrom%3Dbookmark`);
    await page.getByLabel("Email", { exact: true }).fill("grace@example.com");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/?from=bookmark`);
    await page.getByRole("heading", { name: "Welcome, Grace Hopper" }).waitFor();
    await context.close();
  });

  it("ignores a redirectTo that leads off the site", async () => {
    const { page, context } = await openPage(browser);
    await signInThroughUi(page, server, "grace@example.com", password, "/sign-in?redirectTo=%2F%2Fevil.example%2F");
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByRole("heading", { name: "Welcome, Grace Hopper" }).waitFor();
    await checkScreen(page, "home-no-organization");

    // The user menu: settings (opening on the profile), sign out; one item per destination (issue 22 item 12).
    await page.getByRole("button", { name: "Account menu for Grace Hopper" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).waitFor();
    expect(await page.getByRole("menuitem").allInnerTexts()).toEqual(["Settings", "Sign out"]);
    await checkScreen(page, "user-menu");
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(`${server.url}/sign-in`);
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/sign-in`);
    await context.close();
  });
});
