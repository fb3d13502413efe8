import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { mailSettled } from "../helpers/wait.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { nextMail } from "./helpers/flows.js";

const NEUTRAL = "If this email exists in our system, check your email for the reset link";

describe("forgot password → mail → reset → sign in", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    await server.signUp("linus@example.com", { name: "Linus", password: "old password here" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("says the same neutral thing for an unknown address, and sends nothing", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await checkScreen(page, "forgot-password");
    const before = server.mail.messages.length;
    await page.getByLabel("Email", { exact: true }).fill("nobody@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(NEUTRAL).waitFor();
    await checkScreen(page, "forgot-password-sent");
    await mailSettled(server);
    expect(server.mail.messages.slice(before).filter((m) => m.to.includes("nobody@example.com"))).toEqual([]);
    await context.close();
  });

  it("resets the password from the mail link, once", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/forgot-password`);
    const since = server.mail.messages.length;
    await page.getByLabel("Email", { exact: true }).fill("linus@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(NEUTRAL).waitFor();
    const link = linkIn(await nextMail(server, "linus@example.com", since), "/reset-password/");

    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await checkScreen(page, "reset-password");
    await page.getByLabel("New password", { exact: true }).fill("a fresh passphrase");
    await page.getByLabel("Repeat the new password", { exact: true }).fill("a fresh passphrasf");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The two passwords are not the same.").waitFor();
    await checkScreen(page, "reset-password-mismatch");
    await page.getByLabel("Repeat the new password", { exact: true }).fill("a fresh passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("heading", { name: "Your password has been changed" }).waitFor();
    await checkScreen(page, "reset-password-done");

    // The new password works, the old one does not.
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/sign-in");
    await page.getByLabel("Email", { exact: true }).fill("linus@example.com");
    await page.getByLabel("Password", { exact: true }).fill("old password here");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").getByText("Invalid email or password.").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("a fresh passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Welcome, Linus" }).waitFor();

    // The link was used: opening it again says so, with a way to ask again.
    await page.goto(link);
    await page.getByRole("heading", { name: "This link has expired or was already used" }).waitFor();
    await checkScreen(page, "reset-password-invalid");
    await page.getByRole("link", { name: "Send me a new link" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await context.close();
  });

  it("shows the expired screen for a made-up token too", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/reset-password/not-a-real-token`);
    await page.getByRole("heading", { name: "This link has expired or was already used" }).waitFor();
    await context.close();
  });
});
