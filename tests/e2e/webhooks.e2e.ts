// Long, one subject: the webhook screens, sharing one server, browser, receiver and organization.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminWithCli, joinQuickly, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, dismissToasts, launchBrowser, openPage } from "./helpers/browser.js";
import { signInThroughUi } from "./helpers/flows.js";

const SLUG = "acme-hooks";
const ADMIN_PASSWORD = "admin password 123"; // createAdminWithCli's

/** The visible delivery rows (table on desktop, cards on a phone). */
const deliveries = (page: Page) => page.locator("[data-testid^=webhook-delivery]:visible");

/** Adds an endpoint through the form; returns the secret the screen shows once. */
async function addEndpoint(page: Page, url: string, description: string, area: string) {
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const form = page.getByRole("form", { name: "Add an endpoint" });
  await form.getByLabel("Endpoint URL").fill(url);
  await form.getByLabel("Description (optional)").fill(description);
  await form.getByRole("button", { name: `Select all events of ${area}` }).click();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const panel = page.getByTestId("webhook-secret");
  await panel.waitFor();
  return (await panel.getByTestId("webhook-secret-value").textContent())!.trim();
}

// Issue 19: the webhook screens in Chromium, against the real server and a real receiver on loopback.
describe("webhook screens", () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: WebhookReceiver;
  /** Whether /fail answers 500 (every other path answers 200 to a verified request). */
  let failing = true;
  let owner: Person & { password?: string };
  let member: Person;
  let organizationId: string;
  /** The first endpoint: its path on the receiver and the secret the screen showed once. */
  const longPath = `/ok/${"a-very-long-path-segment-".repeat(6)}end?tenant=acme-corporation-production`;
  let secret = "";

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.answerWith((r) => (r.path === "/fail" && failing ? 500 : 200));
    server = await startAppServer({
      ...(process.env.E2E_WEB_ROOT ? { webRoot: process.env.E2E_WEB_ROOT } : {}),
      // The operator's setting for receivers on internal addresses (docs/webhooks.md), and quick retries.
      env: {
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
        WEBHOOK_MAX_ATTEMPTS: "2",
        WEBHOOK_RETRY_BASE_MS: "300",
        WEBHOOK_POLL_INTERVAL_MS: "100",
      },
    });
    browser = await launchBrowser();
    owner = await server.signUp("olga@example.com", { name: "Olga Owner" });
    const org = await owner.client.post("/api/auth/organization/create", { name: "Acme Hooks", slug: SLUG });
    expect(org.status, org.text).toBe(200);
    organizationId = org.body.id;
    member = await signUpPerson(server, "max-member", "Max Member");
    await joinQuickly(owner.client, organizationId, member, "member");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  it("lets an owner add an endpoint and see its secret once", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await signInThroughUi(page, server, "olga@example.com", "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}`);
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Webhooks" })
      .click();
    await page.waitForURL(`${server.url}/org/${SLUG}/webhooks`);
    await page.getByText("No endpoints yet").waitFor();
    expect(await page.title()).toContain("Webhooks of Acme Hooks");

    // The form says what is wrong before anything is sent.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByRole("form", { name: "Add an endpoint" });
    await form.getByLabel("Endpoint URL").fill("not an address");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form.getByText("Enter a full address, such as https://example.com/webhooks.").waitFor();
    expect(await form.getByLabel("Endpoint URL").evaluate((e) => e === document.activeElement)).toBe(true);
    await form.getByLabel("Endpoint URL").fill(receiver.url("/ok"));
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form.getByText("Choose at least one event.").waitFor();
    // Select all, then none, by area and for everything.
    await form.getByRole("button", { name: "Select all", exact: true }).click();
    await form.getByText(/^(\d+) of \1 chosen$/).waitFor();
    await form.getByRole("button", { name: "Select none", exact: true }).click();
    await form.getByText(/^0 of \d+ chosen$/).waitFor();
    await form.getByRole("checkbox", { name: /Member added/ }).check();
    await checkScreen(page, "webhooks-add-form");
    await form.getByRole("button", { name: "Cancel" }).click();

    secret = await addEndpoint(page, receiver.url(longPath), "CRM sync of members", "Members");
    expect(secret).toMatch(/^whsec_/);
    // The receiver accepts only requests that verify with this secret (standardwebhooks).
    receiver.expect(longPath, secret);
    await page.getByText("you won't see it again").waitFor();
    // The secret's heading takes focus, so a screen reader reads the secret panel first.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("webhook-secret-title");
    await page.getByTestId("webhook-secret").getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied to the clipboard.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dismissToasts(page);
    await checkScreen(page, "webhooks-secret");

    // "I have saved it": gone for good, also after a reload.
    await page.getByRole("button", { name: "I have saved it" }).click();
    await page.reload();
    const row = page.getByTestId("webhook-endpoint").filter({ hasText: "CRM sync of members" });
    await row.waitFor();
    expect(await page.getByTestId("webhook-secret").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await row.getByText("Enabled").waitFor();
    await row.getByText("none yet").waitFor();
    await checkScreen(page, "webhooks-list");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("sends a test event delivered with 200, shows real events, and edits, disables, rotates and deletes the endpoint", async () => {
    const longUrl = receiver.url(longPath);
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, "olga@example.com", "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}/webhooks`);
    // Detail: send a test event; the receiver verifies it with the secret shown once.
    // The whole card opens it (issue 22 item 12): a click on its description, away from the URL's link.
    const description = (await page.getByText("CRM sync of members", { exact: true }).boundingBox())!;
    await page.mouse.click(description.x + description.width / 2, description.y + description.height / 2);
    await page.getByRole("button", { name: "Send test event", exact: true }).click();
    const delivered = deliveries(page).filter({ hasText: "Test event" }).first();
    await delivered.getByText("Delivered").waitFor({ timeout: 15_000 });
    await delivered.getByText("200", { exact: true }).waitFor();
    const [test] = receiver.acknowledged(longPath);
    expect(test?.verifiedWith).toEqual([secret]);
    expect(test?.payload.type).toBe("webhook.test");

    // A real event: a new member joins; the endpoint subscribed to member events receives it.
    const nina = await signUpPerson(server, "nina", "Nina New");
    await joinQuickly(owner.client, organizationId, nina, "member");
    await receiver.until(() => receiver.acknowledged(longPath).some((r) => r.payload.type === "member.added"));
    // A new event is not pending on this page yet: "Refresh" brings it in.
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await deliveries(page).filter({ hasText: "Member added" }).first().getByText("Delivered").waitFor({
      timeout: 15_000,
    });
    await dismissToasts(page);
    await checkScreen(page, "webhooks-detail");

    // Edit, disable and enable again.
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("form", { name: "Edit the endpoint" });
    await edit.getByLabel("Description (optional)").fill("CRM sync of members and teams");
    await edit.getByRole("button", { name: "Select all events of Teams" }).click();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { level: 2, name: longUrl }).waitFor();
    await page.getByText("CRM sync of members and teams").waitFor();
    await page.getByText("8 events").waitFor();
    await page.getByRole("button", { name: "Disable" }).click();
    await page.getByText("Disabled", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Enable" }).click();
    await page.getByText("Enabled", { exact: true }).waitFor();

    // Rotate: confirm, then a new secret, shown once, that signs the next delivery.
    await dismissToasts(page);
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("alertdialog").getByText("keeps signing for 24 hours").waitFor();
    await checkScreen(page, "webhooks-rotate-confirm");
    await page.getByRole("alertdialog").getByRole("button", { name: "Rotate secret" }).click();
    const rotated = (await page.getByTestId("webhook-secret-value").textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole("button", { name: "I have saved it" }).click();
    receiver.expect(longPath, rotated);
    const before = receiver.acknowledged(longPath).length;
    await page.getByRole("button", { name: "Send test event", exact: true }).click();
    await receiver.until(() => receiver.acknowledged(longPath).length > before);
    expect(receiver.acknowledged(longPath).at(-1)?.verifiedWith).toEqual([rotated]);

    // Delete: confirm, back to the list, gone.
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete endpoint" }).click();
    await page.waitForURL(`${server.url}/org/${SLUG}/webhooks`);
    await page.getByText("No endpoints yet").waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("shows a failing receiver's delivery as pending, then failed, and Resend delivers it once the receiver is back", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, "olga@example.com", "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}/webhooks`);
    failing = true;
    receiver.expect("/fail", await addEndpoint(page, receiver.url("/fail"), "Flaky receiver", "Teams"));
    await page.getByRole("link", { name: "Open the new endpoint" }).click();
    await page.getByRole("button", { name: "Send test event", exact: true }).click();
    const row = deliveries(page).filter({ hasText: "Test event" }).first();
    // Two attempts (WEBHOOK_MAX_ATTEMPTS=2), each answered 500; the page refreshes itself meanwhile.
    await row.getByText("Failed", { exact: true }).waitFor({ timeout: 20_000 });
    await row.getByText("500", { exact: true }).waitFor();
    expect(await row.getByTestId("webhook-delivery-attempts").textContent()).toBe("2");
    await dismissToasts(page);
    await checkScreen(page, "webhooks-failed");

    failing = false;
    await row.getByRole("button", { name: /^Resend Test event/ }).click();
    await deliveries(page).first().getByText("Delivered").waitFor({ timeout: 15_000 });
    // The resend is the same message: the same webhook-id as the failed attempts.
    const fails = receiver.received.filter((r) => r.path === "/fail");
    expect(fails.map((r) => r.status)).toEqual([500, 500, 200]);
    const ids = new Set(fails.map((r) => r.id));
    expect(fails.length).toBe(3);
    expect(ids.size).toBe(1);

    // The list shows the last delivery's state.
    await page.getByRole("link", { name: "All endpoints" }).click();
    const listed = page.getByTestId("webhook-endpoint").filter({ hasText: "Flaky receiver" });
    await listed.getByText("Delivered").waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("fits the phone width and dark mode: the same screens, nothing cut off", async () => {
    for (const [name, options] of [
      ["webhooks-phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
      ["webhooks-dark", { colorScheme: "dark" as const }],
      ["webhooks-phone-dark", { viewport: { width: 390, height: 844 }, isMobile: true, colorScheme: "dark" as const }],
    ] as const) {
      const watched = await openPage(browser, options);
      await signInThroughUi(watched.page, server, "olga@example.com", "correct horse battery");
      await watched.page.goto(`${server.url}/org/${SLUG}/webhooks`);
      await watched.page.getByTestId("webhook-endpoint").first().waitFor();
      await checkScreen(watched.page, `${name}-list`);
      const overflow = await watched.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, name).toBe(false);
      if (name === "webhooks-phone") {
        await watched.page.getByRole("button", { name: "Add endpoint" }).click();
        await watched.page.getByRole("form", { name: "Add an endpoint" }).waitFor();
        await checkScreen(watched.page, `${name}-add`);
        expect(await watched.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
        await watched.page.getByRole("button", { name: "Cancel" }).click();
      }
      await watched.page.getByTestId("webhook-endpoint").first().getByRole("link").click();
      await deliveries(watched.page).first().waitFor();
      await checkScreen(watched.page, `${name}-detail`);
      expect(await watched.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), name).toBe(
        false,
      );
      await watched.page.getByRole("button", { name: "Edit", exact: true }).click();
      await watched.page.getByRole("form", { name: "Edit the endpoint" }).waitFor();
      await checkScreen(watched.page, `${name}-edit`);
      expect(watched.pageErrors).toEqual([]);
      await watched.context.close();
    }
  });

  it("shows a member without the webhook permission no Webhooks section, and the server refuses them", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, member.user.email, "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}`);
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Teams" })
      .waitFor();
    expect(await page.getByRole("link", { name: "Webhooks" }).count()).toBe(0);
    await page.goto(`${server.url}/org/${SLUG}/webhooks`);
    await page.getByText("You can't manage webhooks here").waitFor();
    await checkScreen(page, "webhooks-member");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("gives site admins the site's webhooks in the admin console", async () => {
    const admin = await createAdminWithCli(server, "hooks-admin");
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, admin.user.email, ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin`);
    await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(`${server.url}/admin/webhooks`);
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await page.getByText("No endpoints yet").waitFor();
    failing = false;
    receiver.expect("/site", await addEndpoint(page, receiver.url("/site"), "Security team", "Sign-in and security"));
    await page.getByRole("button", { name: "I have saved it" }).click();
    await page.getByTestId("webhook-endpoint").filter({ hasText: "Security team" }).getByRole("link").click();
    await page.waitForURL(new RegExp(`${server.url}/admin/webhooks/`));

    // A site endpoint hears every organization's and the site's events: a sign-in is one.
    await signInThroughUi((await openPage(browser)).page, server, member.user.email, "correct horse battery");
    await receiver.until(() => receiver.acknowledged("/site").some((r) => r.payload.type === "sign_in.succeeded"));
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await deliveries(page).filter({ hasText: "Signed in" }).first().getByText("Delivered").waitFor({
      timeout: 15_000,
    });
    const signIn = receiver.acknowledged("/site").find((r) => r.payload.type === "sign_in.succeeded");
    expect(signIn?.payload.data.actor?.email).toBe(member.user.email);
    await dismissToasts(page);
    await checkScreen(page, "webhooks-admin-detail");
    await page.getByRole("link", { name: "All endpoints" }).click();
    await page.getByTestId("webhook-endpoint").first().waitFor();
    await checkScreen(page, "webhooks-admin-list");

    // Someone who is not a site admin gets no such section.
    const { page: other, context: otherContext } = await openPage(browser);
    await signInThroughUi(other, server, "olga@example.com", "correct horse battery");
    await other.goto(`${server.url}/admin/webhooks`);
    await other.getByRole("heading", { name: "You don't have access to the admin console" }).first().waitFor();
    await otherContext.close();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
