import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../helpers/auth-flows.js";
import { addPasskeyRow, enableTotp } from "../helpers/mfa.js";
import { createAdminWithCli, type Person, uniqueEmail } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { signInThroughUi } from "./helpers/flows.js";

const ADMIN_PASSWORD = "admin password 123"; // createAdminWithCli's
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// Issue 16, site admins: a user's second factors in the console, and resetting them, in Chromium.
describe("admin console: users' MFA", () => {
  let server: TestServer;
  let browser: Browser;
  let root: Person;

  /** A user who turned on the authenticator app over HTTP (codes from tests/helpers/mfa.ts) and has a passkey. */
  async function userWithTotp(name: string, tag: string) {
    const person = await server.signUp(uniqueEmail(tag), { name });
    await enableTotp(person.client);
    await addPasskeyRow(server, person.user.id);
    return person;
  }

  async function openUser(page: Page, email: string, name: string) {
    await page.goto(`${server.url}/admin?q=${encodeURIComponent(email)}`);
    await page.getByText("1 user", { exact: true }).waitFor();
    await page.getByRole("link", { name }).first().click();
    await page.getByRole("heading", { name, level: 1 }).waitFor();
  }

  beforeAll(async () => {
    server = await startAppServer(process.env.E2E_WEB_ROOT ? { webRoot: process.env.E2E_WEB_ROOT } : {});
    browser = await launchBrowser();
    root = await createAdminWithCli(server, "root");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows a user's two-step method and passkeys, and resets them after a confirmation", async () => {
    const tom = await userWithTotp("Tom Totp", "tom");
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, root.user.email, ADMIN_PASSWORD);

    await page.goto(`${server.url}/admin?q=tom`);
    const row = page.getByRole("row", { name: /Tom Totp/ });
    await row.getByRole("cell", { name: "Authenticator app · 1 passkey" }).waitFor();
    await checkScreen(page, "admin-mfa-list");

    await openUser(page, tom.user.email, "Tom Totp");
    const card = page.getByRole("heading", { name: "Two-step verification and passkeys" });
    await card.waitFor();
    await page.getByText("On, with an authenticator app and backup codes").waitFor();
    await checkScreen(page, "admin-mfa-user");

    await page.getByRole("button", { name: "Reset MFA" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset two-step verification and passkeys of Tom Totp?" });
    await dialog.getByText("The user gets an email asking them to set them up again.", { exact: false }).waitFor();
    await checkScreen(page, "admin-mfa-reset-dialog");
    const since = server.mail.messages.length;
    await dialog.getByRole("button", { name: "Reset MFA" }).click();
    await page.getByText(`Two-step verification and passkeys of ${tom.user.email} were reset.`).waitFor();
    await dialog.waitFor({ state: "detached" });

    // The page now says so, and there is nothing left to reset.
    await page.getByText("None", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Reset MFA" }).count()).toBe(0);
    const mail = await server.mail.waitFor(tom.user.email, /two-step verification and passkeys were reset/, {
      since,
      timeout: 20_000,
    });
    expect(mail.text).toContain("If you did not expect this, contact your administrator.");
    const signIn = await server.client().post("/api/auth/sign-in/email", { email: tom.user.email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();

    // The audit log names the action and what was removed, in words.
    await page.goto(`${server.url}/admin/audit?action=admin.mfa_reset`);
    const event = page.getByRole("row", { name: /Two-step verification and passkeys reset by an administrator/ });
    await event.getByText("authenticator app", { exact: true }).waitFor();
    await event.getByText("Passkeys removed").waitFor();
    await checkScreen(page, "admin-mfa-audit");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("on a phone: the list line, the card and the dialog; a refusal shows in the dialog", async () => {
    const una = await userWithTotp("Una Phone", "una");
    const { page, context, pageErrors } = await openPage(browser, PHONE);
    await signInThroughUi(page, server, root.user.email, ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin?q=una`);
    await page.getByText("MFA: Authenticator app · 1 passkey").waitFor();
    await checkScreen(page, "admin-mfa-list-phone");

    await openUser(page, una.user.email, "Una Phone");
    await page.getByText("1 passkey", { exact: true }).waitFor();
    await checkScreen(page, "admin-mfa-user-phone");
    await page.getByRole("button", { name: "Reset MFA" }).click();
    const dialog = page.getByRole("dialog", { name: /Reset two-step verification/ });
    await dialog.waitFor();
    await checkScreen(page, "admin-mfa-reset-dialog-phone");

    // Someone else reset them meanwhile: the server's refusal, in words, inside the dialog.
    const elsewhere = await root.client.post("/api/auth/admin/reset-user-mfa", { userId: una.user.id });
    expect(elsewhere.status, elsewhere.text).toBe(200);
    await dialog.getByRole("button", { name: "Reset MFA" }).click();
    await dialog.getByText("This user has no two-step verification or passkeys to reset.").waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("offers no reset on another admin to a role admin", async () => {
    const other = await createAdminWithCli(server, "other-admin");
    await addPasskeyRow(server, other.user.id);
    const { page, context } = await openPage(browser);
    await signInThroughUi(page, server, root.user.email, ADMIN_PASSWORD);
    await openUser(page, other.user.email, "other-admin");
    await page.getByText("1 passkey", { exact: true }).waitFor();
    await page.getByText("only an administrator listed in ADMIN_USER_IDS can change them").waitFor();
    expect(await page.getByRole("button", { name: "Reset MFA" }).count()).toBe(0);
    await context.close();
  });
});
