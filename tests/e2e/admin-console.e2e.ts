// Long, one subject: the admin console, a flow per action, sharing one server and browser.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminWithCli, type Person } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { signInThroughUi } from "./helpers/flows.js";

const ADMIN_PASSWORD = "admin password 123"; // createAdminWithCli's
const PASSWORD = "a long enough password";

/**
 * Closes the toasts still on screen, so an accessibility check of what comes next (a dialog) does
 * not measure a toast caught mid-animation.
 */
async function dismissToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  for (const close of await page.getByRole("button", { name: "Close toast" }).all())
    await close.click().catch(() => {});
  await expect.poll(() => toasts.count()).toBe(0);
}

// Issue 7: the admin console in a real browser against the real server.
describe("admin console", () => {
  let server: TestServer;
  let browser: Browser;
  let root: Person;

  /** A user made through the engine's admin call, signed in nowhere yet. */
  async function createUser(name: string, email: string) {
    const res = await root.client.post("/api/auth/admin/create-user", {
      name,
      email,
      password: PASSWORD,
      data: { emailVerified: true },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.user.id as string;
  }

  /** A browser-less sign-in of `email`: a session the admin will see and end. */
  async function signInElsewhere(email: string) {
    const client = server.client({
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    });
    const res = await client.post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    return client;
  }

  async function signInAsAdmin(options = {}) {
    const watched = await openPage(browser, options);
    await signInThroughUi(watched.page, server, root.user.email, ADMIN_PASSWORD);
    return watched;
  }

  async function openUser(page: Page, search: string, name: string) {
    await page.goto(`${server.url}/admin`);
    await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
    await page.getByRole("searchbox", { name: "Search" }).fill(search);
    await page.getByText("1 user", { exact: true }).waitFor();
    await page.getByRole("link", { name }).first().click();
    await page.getByRole("heading", { name, level: 1 }).waitFor();
  }

  beforeAll(async () => {
    // E2E_WEB_ROOT: a build of one's own, while others rebuild dist/web in the same checkout.
    server = await startAppServer(process.env.E2E_WEB_ROOT ? { webRoot: process.env.E2E_WEB_ROOT } : {});
    browser = await launchBrowser();
    root = await createAdminWithCli(server, "root");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows a plain user the not-allowed screen at /admin, and no way in from the header", async () => {
    await createUser("Paula Plain", "paula@example.com");
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, "paula@example.com", PASSWORD);
    await page.getByRole("button", { name: /Account menu/ }).waitFor();
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);

    await page.goto(`${server.url}/admin`);
    await page.getByRole("heading", { name: "You don't have access to the admin console" }).waitFor();
    expect(await page.getByRole("searchbox").count()).toBe(0);
    await checkScreen(page, "admin-not-allowed");
    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole("heading", { name: "You don't have access to the admin console" }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("finds users by any part of their e-mail or name, with filters, on desktop and phone, light and dark", async () => {
    await createUser("Quentin Query", "quentin@example.com");
    await createUser("Quinn Other", "zz-quinn@example.org");
    const { page, context, pageErrors } = await signInAsAdmin();
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
    await page.getByText(/^\d+ users$/).waitFor();
    await checkScreen(page, "admin-users");

    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("QU");
    await page.getByText("2 users", { exact: true }).waitFor();
    // Issue 22 item 12: a fragment anywhere in the e-mail or name matches too.
    await search.fill("uentin");
    await page.getByText("1 user", { exact: true }).waitFor();
    // The whole row opens the user: a click on its last cell, away from the name's link.
    const row = page.getByRole("row").filter({ hasText: "quentin@example.com" });
    const cell = (await row.getByRole("cell").last().boundingBox())!;
    await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
    await page.waitForURL(/\/admin\/users\/[^/]+$/);
    await page.getByRole("heading", { name: "Quentin Query" }).first().waitFor();
    await page.goBack();
    await search.fill("no-such-person");
    await page.getByText("No users match").waitFor();
    await checkScreen(page, "admin-users-empty");
    await search.fill("zz-");
    await page.getByText("1 user", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Quinn Other" }).first().waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe("zz-");

    // The filters apply together with the search.
    await search.fill("");
    await page.getByLabel("Role").selectOption({ label: "Administrator" });
    await page.getByText("1 user", { exact: true }).waitFor();
    await page.getByRole("link", { name: "root", exact: true }).first().waitFor();
    await page.getByLabel("Status").selectOption({ label: "Banned" });
    await page.getByText("No users match").waitFor();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await page.getByText(/^\d+ users$/).waitFor();
    await context.close();

    for (const [name, options] of [
      ["admin-users-dark", { colorScheme: "dark" as const }],
      ["admin-users-phone", { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }],
    ] as const) {
      const watched = await signInAsAdmin(options);
      await watched.page.goto(`${server.url}/admin?q=qu`);
      await watched.page.getByText("2 users", { exact: true }).waitFor();
      await checkScreen(watched.page, name);
      await watched.context.close();
    }
    expect(pageErrors).toEqual([]);
  });

  it("bans a user, who then gets the engine's banned message at sign-in; unbanning lets them back", async () => {
    await createUser("Bart Banned", "bart@example.com");
    const bartElsewhere = await signInElsewhere("bart@example.com");
    const { page, context, pageErrors } = await signInAsAdmin();
    await openUser(page, "bart", "Bart Banned");
    await page.getByText("Firefox 128 on Linux").waitFor();
    await checkScreen(page, "admin-user");

    await page.getByRole("button", { name: "Ban", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Ban Bart Banned" });
    await dialog.waitFor();
    await dialog.getByLabel("Reason (optional)").fill("Posting spam");
    await checkScreen(page, "admin-ban-dialog");
    await dialog.getByRole("button", { name: "Ban user" }).click();
    await page.getByText("bart@example.com is banned and signed out.").waitFor();
    await page.getByText("Banned until unbanned").first().waitFor();
    await page.getByText("Reason: Posting spam").waitFor();
    await page.getByText("Not signed in anywhere.").waitFor();
    // The engine ended the session Bart had elsewhere.
    expect((await bartElsewhere.get("/api/auth/get-session")).body).toBeNull();

    const bart = await openPage(browser);
    await bart.page.goto(`${server.url}/sign-in`);
    await bart.page.getByLabel("Email", { exact: true }).fill("bart@example.com");
    await bart.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await bart.page.getByRole("button", { name: "Sign in" }).click();
    await bart.page.getByRole("alert").getByText("You have been banned from this application.").waitFor();
    await checkScreen(bart.page, "sign-in-banned");

    await page.getByRole("button", { name: "Unban" }).click();
    await page.getByText("bart@example.com can sign in again.").waitFor();
    await page.getByText("Active", { exact: true }).first().waitFor();
    await bart.page.getByRole("button", { name: "Sign in" }).click();
    await bart.page.waitForURL((url) => url.pathname === "/");
    await bart.context.close();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("offers a role admin no action on another admin, and says who can act", async () => {
    const adaId = await createUser("Ada Admin", "ada-admin@example.com");
    const promoted = await root.client.post("/api/auth/admin/set-role", { userId: adaId, role: "admin" });
    expect(promoted.status, promoted.text).toBe(200);
    const { page, context, pageErrors } = await signInAsAdmin();
    await openUser(page, "ada-admin", "Ada Admin");
    await page.getByText("only an administrator listed in ADMIN_USER_IDS can change them").waitFor();
    for (const name of ["Sign in as this user", "Ban", "Change roles", "Set password", "Delete user"]) {
      expect(await page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
    }
    // The server refuses the same calls (auth/admin-rules.ts), so hiding them hides nothing that worked.
    const ban = await root.client.post("/api/auth/admin/ban-user", { userId: adaId });
    expect(ban.body.code).toBe("ONLY_LISTED_ADMINS_ACT_ON_ADMINS");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("ends one session of a user, then all of them", async () => {
    await createUser("Rita Revoked", "rita@example.com");
    const first = await signInElsewhere("rita@example.com");
    const second = await signInElsewhere("rita@example.com");
    const { page, context } = await signInAsAdmin();
    await openUser(page, "rita", "Rita Revoked");
    const sessions = page.getByTestId("admin-session");
    await expect.poll(() => sessions.count()).toBe(2);

    await sessions
      .first()
      .getByRole("button", { name: /^Sign out the session on/ })
      .click();
    await page.getByText("The session has ended.").waitFor();
    await expect.poll(() => sessions.count()).toBe(1);
    const alive = async () =>
      [(await first.get("/api/auth/get-session")).body, (await second.get("/api/auth/get-session")).body].filter(
        Boolean,
      ).length;
    expect(await alive()).toBe(1);

    await dismissToasts(page);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign rita@example.com out everywhere?" });
    await checkScreen(page, "admin-revoke-all-dialog");
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByText("Every session has ended.").waitFor();
    await page.getByText("Not signed in anywhere.").waitFor();
    expect(await alive()).toBe(0);
    await context.close();
  });

  it("signs in as a user with a banner on every page, and stops back into the admin's own session", async () => {
    const ivyId = await createUser("Ivy Impersonated", "ivy@example.com");
    const { page, context, pageErrors } = await signInAsAdmin();
    await openUser(page, "ivy", "Ivy Impersonated");
    await page.getByRole("button", { name: "Sign in as this user" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in as Ivy Impersonated?" });
    await dialog.getByText("for 1 hour at most").waitFor();
    await dialog.getByRole("button", { name: "Sign in as this user" }).click();

    await page.waitForURL(`${server.url}/`);
    const banner = page.getByRole("region", { name: "Signed in as another user" });
    await banner.getByText("You are signed in as Ivy Impersonated (ivy@example.com).").waitFor();
    await banner.getByText(/This ends in (60 minutes|1 hour)\./).waitFor();
    await page.getByRole("heading", { name: /Ivy Impersonated/ }).waitFor();
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
    await checkScreen(page, "impersonation-banner");

    await page.goto(`${server.url}/settings`);
    await banner.getByText("You are signed in as Ivy Impersonated (ivy@example.com).").waitFor();
    // Acting as a plain user, the console is closed, as the server decides.
    await page.goto(`${server.url}/admin`);
    await page.getByRole("heading", { name: "You don't have access to the admin console" }).waitFor();
    await banner.getByRole("button", { name: "Stop and return to your account" }).click();

    await page.waitForURL(`${server.url}/admin/users/${ivyId}`);
    await page.getByRole("heading", { name: "Ivy Impersonated", level: 1 }).waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    await page.getByRole("link", { name: "Admin", exact: true }).waitFor();
    const own = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
    expect(own.user.email).toBe(root.user.email);
    expect(own.session.impersonatedBy ?? null).toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("creates a user, checking the form first, and changes their roles", async () => {
    const { page, context } = await signInAsAdmin();
    await page.goto(`${server.url}/admin`);
    await page.getByRole("link", { name: "Create user" }).click();
    await page.getByRole("heading", { name: "Create user" }).waitFor();
    await page.getByRole("button", { name: "Create user" }).click();
    await page.getByText("Enter your name.").waitFor();
    await checkScreen(page, "admin-create-user-invalid");

    await page.getByLabel("Name", { exact: true }).fill("Nora New");
    await page.getByLabel("Email", { exact: true }).fill("nora@example.com");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("The email address is already verified").uncheck();
    await page.getByRole("button", { name: "Create user" }).click();
    await page.getByRole("heading", { name: "Nora New", level: 1 }).waitFor();
    await page.getByText("nora@example.com was created.").waitFor();
    await page.getByText("Email not verified").first().waitFor();
    await page.getByText("Email and password").waitFor();

    // A password the admin sets is checked against the configured length first, then works at sign-in.
    await dismissToasts(page);
    await page.getByRole("button", { name: "Set password" }).click();
    const passwordDialog = page.getByRole("dialog", { name: "Set a password for Nora New" });
    await passwordDialog.getByLabel("New password", { exact: true }).fill("short");
    await passwordDialog.getByRole("button", { name: "Set password" }).click();
    await passwordDialog.getByText("Use at least 8 characters.").waitFor();
    await checkScreen(page, "admin-password-dialog");
    await passwordDialog.getByLabel("New password", { exact: true }).fill("a brand new password");
    await passwordDialog.getByRole("button", { name: "Set password" }).click();
    await page.getByText("Password set.").waitFor();
    const nora = server.client();
    const signIn = await nora.post("/api/auth/sign-in/email", {
      email: "nora@example.com",
      password: "a brand new password",
    });
    // Not verified yet: the engine answers with its own refusal, not a wrong password.
    expect(signIn.body?.code).toBe("EMAIL_NOT_VERIFIED");

    // Roles last: once Nora is an admin, only an ADMIN_USER_IDS admin may set her password.
    await dismissToasts(page);
    await page.getByRole("button", { name: "Change roles" }).click();
    const dialog = page.getByRole("dialog", { name: "Roles of Nora New" });
    await dialog.getByText("These roles don't open the admin console.").waitFor();
    await dialog.getByLabel("Administrator").check();
    await dialog.getByText("With these roles, the user can open the admin console.").waitFor();
    await checkScreen(page, "admin-roles-dialog");
    await dialog.getByRole("button", { name: "Save roles" }).click();
    await page.getByText("Roles saved.").waitFor();
    await page.getByText("Administrator, User").or(page.getByText("User, Administrator")).first().waitFor();
    await context.close();
  });

  it("deletes a user only after the e-mail address is typed", async () => {
    const danaId = await createUser("Dana Deleted", "dana@example.com");
    const { page, context } = await signInAsAdmin();
    await openUser(page, "dana", "Dana Deleted");
    await page.getByRole("button", { name: "Delete user" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Dana Deleted?" });
    // Escape closes the dialog and gives focus back to the button that opened it.
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // Radix hands focus back after its close animation; poll rather than read it once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Delete user");
    await page.keyboard.press("Enter");
    await dialog.getByLabel("Type dana@example.com to confirm").fill("dana@example");
    await dialog.getByRole("button", { name: "Delete user" }).click();
    await dialog.getByText("Type the email address exactly as shown.").waitFor();
    await checkScreen(page, "admin-delete-dialog");
    await dialog.getByLabel("Type dana@example.com to confirm").fill("dana@example.com");
    await dialog.getByRole("button", { name: "Delete user" }).click();
    await page.getByText("dana@example.com was deleted.").waitFor();
    await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
    const res = await root.client.get("/api/admin/users", { q: "dana" });
    expect(res.body.total).toBe(0);
    await page.goto(`${server.url}/admin/users/${danaId}`);
    await page.getByRole("heading", { name: "User not found" }).waitFor();
    await checkScreen(page, "admin-user-not-found");
    await context.close();
  });

  it("shows the whole site's audit log to the admin, filtered, with a CSV export", async () => {
    const { page, context } = await signInAsAdmin();
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
    await page.getByTestId("audit-event").first().waitFor();
    await checkScreen(page, "admin-audit");

    await page.getByLabel("What").selectOption({ label: "User banned" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("1 event", { exact: true }).waitFor();
    const row = page.getByTestId("audit-event").first();
    await row.getByText("User banned").waitFor();
    await row.getByText(root.user.email).waitFor();
    await row.getByText("Posting spam").waitFor();

    const href = await page.getByRole("link", { name: "Export as CSV" }).getAttribute("href");
    expect(href).toContain("action=admin.user_banned");
    expect(href).toContain("format=csv");
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
    expect(csv.split("\r\n")[0]).toMatch(/^createdAt,action,/);
    expect(csv).toContain("admin.user_banned");
    await context.close();
  });
});
