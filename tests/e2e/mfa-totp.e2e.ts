import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticatorFor } from "../helpers/mfa.js";
import type { TestServer } from "../helpers/server.js";
import { signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkBothWidths, checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { signInThroughUi, signOut } from "./helpers/flows.js";

describe("two-step verification with an authenticator app, in the browser", () => {
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

  it("turns on with the QR code's secret, signs in with a code, trusts the device, takes a backup code, turns off", async () => {
    const first = await openPage(browser);
    const { page } = first;
    const { user, password } = await signedInUser(server, first.context, "totp", { name: "Tia Totp" });

    // Opened from somewhere that wants two-step on: the page says so and leads back afterwards.
    await page.goto(`${server.url}/settings/security?redirectTo=%2Fsettings%2Fprofile`);
    await page.getByRole("heading", { name: "Two-step verification", level: 2 }).waitFor();
    await page.getByText("Off:").waitFor();
    await page.getByText("Turn on two-step verification to continue where you were.").waitFor();
    await checkBothWidths(page, "security-off");

    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const passwordForm = page.getByRole("form", { name: "Confirm your password to set up an authenticator app" });
    await passwordForm.getByLabel("Your password", { exact: true }).fill("not my password");
    await passwordForm.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("alert").getByText("Invalid password.").waitFor();
    await passwordForm.getByLabel("Your password", { exact: true }).fill(password);
    await passwordForm.getByRole("button", { name: "Continue" }).click();

    // The QR code is drawn on the page; the same secret is written out for typing.
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const app = authenticatorFor(
      `otpauth://totp/Tessera:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Tessera`,
    );
    await checkBothWidths(page, "security-totp-setup");
    const confirm = page.getByRole("form", { name: "2. Enter the 6-digit code the app shows" });
    await confirm.getByLabel("Code from the app").fill("000000");
    await confirm.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("That code isn't right.", { exact: false }).waitFor();
    await confirm.getByLabel("Code from the app").fill(app.code());
    await confirm.getByRole("button", { name: "Turn on" }).click();

    // Ten backup codes, shown once.
    const list = page.getByRole("list", { name: "Backup codes" });
    await list.waitFor();
    const backupCodes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(backupCodes).toHaveLength(10);
    await checkBothWidths(page, "security-backup-codes");
    await page.getByRole("button", { name: "I've saved them" }).click();
    await page.getByText("On:").waitFor();
    await page.getByText("codes from your authenticator app", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/profile");
    await checkBothWidths(page, "security-back-at-redirect");

    // Sign out and in: the password is not enough any more.
    await signOut(page, "Tia Totp");
    await signInThroughUi(page, server, user.email, password);
    await page.waitForURL((url) => url.pathname === "/sign-in/two-factor");
    await page.getByRole("heading", { name: "Two-step verification" }).waitFor();
    const code = page.getByLabel("Authentication code");
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    await checkBothWidths(page, "two-factor");
    await code.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code isn't right. Check the code and try again.").waitFor();
    expect(await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()))).toBeNull();
    await checkScreen(page, "two-factor-wrong-code");
    // The next step's code (the window is ±1 step; the code used to turn it on is spent).
    await code.fill(app.code(1));
    await page.getByLabel("Trust this device for 30 days").check();
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("button", { name: "Account menu for Tia Totp" }).waitFor();

    // This browser is trusted: the next sign-in skips the second step.
    await signOut(page, "Tia Totp");
    await signInThroughUi(page, server, user.email, password);
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("button", { name: "Account menu for Tia Totp" }).waitFor();

    // Another browser is not: it signs in with a backup code, which then no longer works.
    const other = await openPage(browser);
    await signInThroughUi(other.page, server, user.email, password);
    await other.page.waitForURL((url) => url.pathname === "/sign-in/two-factor");
    await other.page.getByRole("button", { name: "Use a backup code" }).click();
    await other.page.getByRole("textbox", { name: "Backup code" }).fill(backupCodes[0]!);
    await checkScreen(other.page, "two-factor-backup-code");
    await other.page.getByRole("button", { name: "Verify" }).click();
    await other.page.waitForURL((url) => url.pathname === "/");

    // Turning it off takes the password; then the password alone signs in again.
    await other.page.goto(`${server.url}/settings/security`);
    await other.page.getByRole("button", { name: "Turn off" }).click();
    const off = other.page.getByRole("form", { name: "Confirm your password to turn off two-step verification" });
    await off.getByLabel("Your password", { exact: true }).fill(password);
    await off.getByRole("button", { name: "Turn off two-step verification" }).click();
    await other.page.getByText("Off:").waitFor();
    const third = await openPage(browser);
    await signInThroughUi(third.page, server, user.email, password);
    await third.page.waitForURL((url) => url.pathname === "/");
    expect([...first.pageErrors, ...other.pageErrors, ...third.pageErrors]).toEqual([]);
    expect([...first.dialogs, ...other.dialogs]).toEqual([]);
  });
});
