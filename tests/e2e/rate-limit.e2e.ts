import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

describe("rate limits show how long to wait", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer({ env: { RATE_LIMIT_ENABLED: "true" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("resending the verification mail too often: the wait from X-Retry-After, counting down", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel("Name", { exact: true }).fill("Eager");
    await page.getByLabel("Email", { exact: true }).fill("eager@example.com");
    await page.getByLabel("Password", { exact: true }).fill("eager to start now");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();

    const resend = page.getByRole("button", { name: "Send the link again" });
    let limited: { retryAfter: string | null } | undefined;
    for (let i = 0; i < 6 && !limited; i++) {
      const response = page.waitForResponse((r) => r.url().endsWith("/api/auth/send-verification-email"));
      await resend.click();
      const r = await response;
      if (r.status() === 429) limited = { retryAfter: await r.headerValue("x-retry-after") };
      else await page.getByText("A new link is on its way to eager@example.com.").waitFor();
    }
    expect(limited?.retryAfter).toMatch(/^\d+$/);
    const shown = page.getByText(/^Too many attempts\. Try again in \d+ seconds?\.$/).first();
    await shown.waitFor();
    const first = Number(/in (\d+)/.exec((await shown.textContent()) ?? "")?.[1]);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(Number(limited!.retryAfter));
    expect(await resend.isDisabled()).toBe(true);
    await checkScreen(page, "check-inbox-rate-limited");
    await page.waitForTimeout(2200);
    const later = Number(/in (\d+)/.exec((await shown.textContent()) ?? "")?.[1]);
    expect(later).toBeLessThan(first);
    await context.close();
  });

  it("signing in too often: the same, in the user's language", async () => {
    const { page, context } = await openPage(browser, { locale: "uk-UA" });
    await page.goto(`${server.url}/sign-in`);
    for (let i = 0; i < 6; i++) {
      await page.getByLabel("Електронна пошта", { exact: true }).fill("someone@example.com");
      await page.getByLabel("Пароль", { exact: true }).fill(`guess number ${i}`);
      const response = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
      await page.getByRole("button", { name: "Увійти" }).click();
      if ((await response).status() === 429) break;
    }
    await page
      .getByText(/^Забагато спроб\. До наступної спроби: \d+ секунд/)
      .first()
      .waitFor();
    await checkScreen(page, "sign-in-rate-limited-uk");
    await context.close();
  });
});
