import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { signedInUser } from "./helpers/account-fixtures.js";
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
    // The page's clock runs as usual, and the test moves it on below instead of waiting.
    await page.clock.install();
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
    await page.clock.runFor(2000);
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

describe("invitations over the send limit", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    // Spam protection is on whatever RATE_LIMIT_ENABLED says; two per inviter keeps the test short.
    server = await startAppServer({ env: { INVITATION_SEND_LIMIT_PER_USER: "2" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("says which addresses were not sent and why, keeps them to send later, and says how long to wait", async () => {
    const { page, context } = await openPage(browser);
    const { client } = await signedInUser(server, context, "inviter", { name: "Ivy Inviter" });
    await createOrganization(client, "busy-org", { name: "Busy Org", slug: "busy-org" });
    await page.goto(`${server.url}/org/busy-org/invitations`);
    await page.getByRole("heading", { name: "Invite people", level: 2 }).waitFor();
    await page
      .getByLabel("Email addresses")
      .fill("one@example.com, two@example.com, three@example.com, four@example.com");
    let tried = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/organization/invite-member")) tried += 1;
    });
    const limited = page.waitForResponse(
      (r) => r.url().endsWith("/api/auth/organization/invite-member") && r.status() === 429,
    );
    await page.getByRole("button", { name: "Send invitations" }).click();
    const response = await limited;
    expect(Number(await response.headerValue("retry-after"))).toBeGreaterThan(0);
    const results = page.getByRole("region", { name: "Invitation results" });
    await results.getByText("2 of 4 invitations sent.").waitFor();
    await results.getByText("two@example.com: invitation sent.").waitFor();
    for (const email of ["three@example.com", "four@example.com"]) {
      await results
        .getByText(
          new RegExp(`^${email}: You have sent too many invitations\\. Try again in \\d+ (minutes?|hours?)\\.$`),
        )
        .waitFor();
    }
    // After the first refusal the rest are not tried; both stay in the box to send later.
    expect(tried).toBe(3);
    expect(await page.getByLabel("Email addresses").inputValue()).toBe("three@example.com\nfour@example.com");
    await checkScreen(page, "invite-rate-limited");
    await context.close();
  });
});
