import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUnverified } from "../helpers/auth-flows.js";
import type { TestServer } from "../helpers/server.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { nextMail } from "./helpers/flows.js";

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
    await page.getByRole("heading", { name: "Ihre E-Mail-Adresse ist bestätigt" }).waitFor();
    await page.getByText("Sie sind als ada@example.com angemeldet.").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    await checkScreen(page, "verify-email-success-de");

    await page.getByRole("link", { name: "Weiter" }).click();
    await page.getByRole("heading", { name: "Willkommen, Ada Lovelace" }).waitFor();
    await checkScreen(page, "home-de");
    expect(pageErrors).toEqual([]);
  });

  it("a verification link whose callbackURL resolves to //another-host keeps the user on the app", async () => {
    const since = server.mail.messages.length;
    await signUpUnverified(server, "grace@example.com");
    const link = new URL(linkIn(await nextMail(server, "grace@example.com", since), "/verify-email"));
    // Written by an attacker: a same-origin path to a URL parser, `//evil.example/x` once resolved.
    link.searchParams.set("callbackURL", "/..//evil.example/x");
    const { context, page, pageErrors } = await openPage(browser);
    const offSite: string[] = [];
    await context.route(
      (url) => url.origin !== server.url,
      (route) => {
        offSite.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto(link.href);
    await page.getByRole("heading", { name: "Your email address is verified" }).waitFor();
    const next = page.getByRole("link", { name: "Continue" });
    expect(new URL((await next.getAttribute("href")) ?? "", server.url).origin).toBe(server.url);
    await next.click();
    await page.getByRole("heading", { name: /^Welcome, / }).waitFor();
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(offSite).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
