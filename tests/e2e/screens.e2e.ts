import { signJWT } from "better-auth/crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRET, type TestServer } from "../helpers/server.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { nextMail, signInThroughUi } from "./helpers/flows.js";

/** Calls the engine from inside the page, with its cookies and Origin, as the app itself would. */
function callFromPage(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ([p, b]) => {
      const r = await fetch(p as string, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(b),
        credentials: "same-origin",
      });
      return { status: r.status, body: await r.text() };
    },
    [path, body] as const,
  );
}

describe("mail landings and signed-in screens", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("an expired verification link offers a new one, for the address it was for", async () => {
    const c = server.client();
    const res = await c.post("/api/auth/sign-up/email", {
      email: "slowpoke@example.com",
      password: "eventually here",
      name: "Slow",
    });
    const userId = res.body.user.id as string;
    const expired = await signJWT({ email: "slowpoke@example.com", userId }, TEST_SECRET, -60);
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/verify-email?token=${expired}&callbackURL=%2F`);
    await page.getByRole("heading", { name: "This verification link has expired" }).waitFor();
    await page.getByText("It was sent to slowpoke@example.com. A new link stays valid for 1 hour.").waitFor();
    // One card, one action (issue 22 item 7: it used to stack a second "check your inbox" card).
    expect(await page.locator("[data-status]").count()).toBe(1);
    expect(await page.locator("main").getByRole("button").count()).toBe(1);
    await checkScreen(page, "verify-email-expired");
    const since = server.mail.messages.length;
    await page.getByRole("button", { name: "Send the link again" }).click();
    await page.getByText("A new link is on its way to slowpoke@example.com.").waitFor();
    const fresh = linkIn(await nextMail(server, "slowpoke@example.com", since), "/verify-email");
    await page.goto(fresh);
    await page.getByRole("heading", { name: "Your email address is verified" }).waitFor();

    // The same link again, signed out: verified already, so the next step is to sign in.
    const other = await openPage(browser);
    await other.page.goto(fresh);
    await other.page.getByRole("heading", { name: "Your email address is verified" }).waitFor();
    await other.page.getByText("Sign in to continue.").waitFor();
    await checkScreen(other.page, "verify-email-used");
    await other.context.close();
    await context.close();
  });

  it("a broken verification link says so and asks for the address to send a new one", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/verify-email?token=not.a.token`);
    await page.getByRole("heading", { name: "This verification link is not valid" }).waitFor();
    expect(await page.locator("[data-status]").count()).toBe(1);
    expect(await page.locator("main").getByRole("button").count()).toBe(1);
    await checkScreen(page, "verify-email-invalid");
    // The one action: the address, then a new link at once.
    const signedUp = await server.client().post("/api/auth/sign-up/email", {
      email: "lost-link@example.com",
      password: "lost my link once",
      name: "Lost",
    });
    expect(signedUp.status).toBe(200);
    await nextMail(server, "lost-link@example.com", 0);
    const since = server.mail.messages.length;
    await page.getByLabel("Email", { exact: true }).fill("lost-link@example.com");
    await page.getByRole("button", { name: "Send me a new link" }).click();
    await page.getByText("A new link is on its way to lost-link@example.com.").waitFor();
    linkIn(await nextMail(server, "lost-link@example.com", since), "/verify-email");
    await context.close();
  });

  it("deletes the account from the mail link, after signing in if needed", async () => {
    const { password } = await server.signUp("leaving@example.com", { name: "Leaving Soon" });
    const { page, context } = await openPage(browser);
    await signInThroughUi(page, server, "leaving@example.com", password);
    const since = server.mail.messages.length;
    const asked = await callFromPage(page, "/api/auth/delete-user", { callbackURL: "/" });
    expect(asked.status, asked.body).toBe(200);
    const link = linkIn(await nextMail(server, "leaving@example.com", since), "/delete-user/callback");

    // Opened signed out (another browser): sign in first, then come back and finish.
    const other = await openPage(browser);
    await other.page.goto(link);
    await other.page.getByRole("heading", { name: "Sign in to finish deleting your account" }).waitFor();
    await checkScreen(other.page, "delete-user-sign-in");
    await other.page.getByRole("link", { name: "Sign in" }).click();
    await other.page.getByLabel("Email", { exact: true }).fill("leaving@example.com");
    await other.page.getByLabel("Password", { exact: true }).fill(password);
    await other.page.getByRole("button", { name: "Sign in" }).click();
    await other.page.getByRole("heading", { name: "Your account has been deleted" }).waitFor();
    await checkScreen(other.page, "delete-user-deleted");
    await other.context.close();

    // The first browser's session went with the account.
    await page.goto(`${server.url}/`);
    await page.waitForURL((u) => u.pathname === "/sign-in");
    await page.getByLabel("Email", { exact: true }).fill("leaving@example.com");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").getByText("Invalid email or password.").waitFor();

    // A used link is refused, and nothing else is deleted.
    await page.goto(link);
    await page.getByRole("heading", { name: "Sign in to finish deleting your account" }).waitFor();
    await context.close();
  });

  it("the profile renames you; home, profile and errors at phone width and dark", async () => {
    const { password } = await server.signUp("pat@example.com", { name: "Pat" });
    const { page, context } = await openPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await signInThroughUi(page, server, "pat@example.com", password);
    await page.getByRole("heading", { name: "Welcome, Pat" }).waitFor();
    expect(await page.locator("html").getAttribute("class")).toContain("dark");
    await checkScreen(page, "home-phone-dark");

    // The old /profile address lands on the settings page.
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(`${server.url}/settings/profile`);
    await page.getByRole("heading", { name: "Profile" }).first().waitFor();
    await checkScreen(page, "profile-phone-dark");
    const nameForm = page.getByRole("form", { name: "Change your name" });
    await nameForm.getByLabel("Name", { exact: true }).fill("");
    await nameForm.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Enter your name.").waitFor();
    await nameForm.getByLabel("Name", { exact: true }).fill("Patricia");
    await nameForm.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Your name has been saved.").waitFor();
    await page.getByRole("button", { name: "Account menu for Patricia" }).waitFor();

    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await checkScreen(page, "not-found-phone-dark");
    await context.close();
  });

  it("the theme toggle overrides the system and is remembered", async () => {
    const { page, context } = await openPage(browser, { colorScheme: "light" });
    await page.goto(`${server.url}/sign-in`);
    expect((await page.locator("html").getAttribute("class")) ?? "").not.toContain("dark");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await page.locator("html").getAttribute("class")).toContain("dark");
    await page.reload();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await page.locator("html").getAttribute("class")).toContain("dark");
    await checkScreen(page, "sign-in-dark-toggled");
    await context.close();
  });

  it("works with the keyboard alone: tab to the fields, type, press Enter", async () => {
    const { password } = await server.signUp("keys@example.com", { name: "Keys" });
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByLabel("Email", { exact: true }).focus();
    await page.keyboard.type("keys@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type(password);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Welcome, Keys" }).waitFor();
    // The user menu opens from the keyboard, and Escape closes it.
    await page.getByRole("button", { name: "Account menu for Keys" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Sign out" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await page.getByRole("menuitem", { name: "Sign out" }).count()).toBe(0);
    await context.close();
  });
});
