import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

describe("sign up → mail → verify → signed in", () => {
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

  it("creates an account, verifies it from the mail, and lands signed in", async () => {
    const { page, pageErrors } = await openPage(browser);
    await page.goto(`${server.url}/sign-up`);
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await checkScreen(page, "sign-up");

    // Client-side validation first: nothing is sent.
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Enter your name.").waitFor();
    await page.getByText("Enter your email address.").waitFor();
    await checkScreen(page, "sign-up-invalid");

    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByText("Use at least 8 characters.").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("analytical engine 1843");
    await page.getByLabel("Preferred language").selectOption({ label: "Deutsch" });
    const since = server.mail.messages.length;
    await page.getByRole("button", { name: "Create account" }).click();

    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await page.getByText("ada@example.com").first().waitFor();
    await checkScreen(page, "check-inbox");

    const mail = await server.mail.waitFor("ada@example.com", undefined, { since, timeout: 20_000 });
    // The mail is in the language chosen at sign-up.
    expect(mail.text).toMatch(/E-Mail/);
    const link = linkIn(mail, "/verify-email");
    await page.goto(link);
    // Verified and signed in: from now on the account's language (Deutsch, chosen at sign-up) rules.
    await page.getByRole("heading", { name: "Deine E-Mail-Adresse ist bestätigt" }).waitFor();
    await page.getByText("Du bist als ada@example.com angemeldet.").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    await checkScreen(page, "verify-email-success-de");

    await page.getByRole("link", { name: "Weiter" }).click();
    await page.getByRole("heading", { name: "Willkommen, Ada Lovelace" }).waitFor();
    await checkScreen(page, "home-de");
    expect(pageErrors).toEqual([]);
  });
});
