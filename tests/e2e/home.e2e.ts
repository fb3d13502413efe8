import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization, invite } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { signedInUser, uniqueAddress, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

/** Issue 22 item 1: the signed-in home is a place to start, not a dead end. */
describe("home: next steps, invitations and organizations", () => {
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

  it("a new user sees what to do next, accepts an invitation right there, and lands in the organization", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    const owner = await server.signUp(uniqueAddress("home-owner"), { name: "Olga Owner" });
    const organization = await createOrganization(owner.client, "home", { name: "Harbor Labs" });
    const { user } = await signedInUser(server, context, "home-new", { name: "Hana Newcomer" });
    await invite(owner.client, organization.id, user.email, "member");

    await page.goto(`${server.url}/`);
    await page.getByRole("heading", { name: "Welcome, Hana Newcomer" }).waitFor();
    await page.getByRole("heading", { name: "Next steps" }).waitFor();
    await page.getByRole("link", { name: /Turn on two-step verification/ }).waitFor();
    expect(await page.getByRole("link", { name: /Verify your email address/ }).count()).toBe(0);
    const accept = page.getByRole("button", { name: "Accept the invitation to Harbor Labs" });
    await accept.waitFor();
    await page.getByText("Invited by Olga Owner").waitFor();
    await page.getByText(/^Expires on [A-Z][a-z]+ \d{1,2}, \d{4} \(in 2 days\)$/).waitFor();
    await page.getByRole("heading", { name: "No active organization" }).waitFor();
    await page.getByRole("link", { name: "Create organization" }).waitFor();
    await checkScreen(page, "home-new-user");

    await accept.click();
    const active = page.getByTestId("active-organization");
    await active.getByRole("heading", { name: "Harbor Labs" }).waitFor();
    await active.getByText("Member").waitFor();

    // "Not now" puts off two-step verification for this user in this browser, across reloads.
    await page.getByRole("button", { name: "Hide this step: Turn on two-step verification" }).click();
    await page.getByRole("heading", { name: "Next steps" }).waitFor({ state: "detached" });
    await page.reload();
    await active.getByRole("heading", { name: "Harbor Labs" }).waitFor();
    expect(await page.getByRole("heading", { name: "Next steps" }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("with organizations but none active, lists them as links to open", async () => {
    const { page, context, pageErrors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const { client } = await signedInUser(server, context, "home-many", { name: "Milo Many" });
    const first = await createOrganization(client, "first", { name: "First Works" });
    await createOrganization(client, "second", { name: "Second Works" });
    // Creating made the last one active; clear it, as a removed membership would.
    expect((await client.post("/api/auth/organization/set-active", { organizationId: null })).status).toBe(200);

    await page.goto(`${server.url}/`);
    await page.getByRole("heading", { name: "Your organizations" }).waitFor();
    await page.getByText("Open an organization to work in it:").waitFor();
    await page.getByRole("link", { name: /Second Works/ }).waitFor();
    await checkScreen(page, "home-choose-organization");

    // Issue 22 item 12: on a phone the header stays one line; the first Tab stop skips to the screen,
    // and focus shows as a solid 3 px ring.
    const header = await page.locator("header").boundingBox();
    expect(header!.height).toBeLessThan(64);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())!.width).toBeGreaterThan(50);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow);
    const colour = /((?:oklch|oklab|rgba?|color)\([^)]*\)) 0px 0px 0px 3px/.exec(ring)?.[1];
    expect(colour, ring).toBeDefined();
    expect(colour).not.toMatch(/\/ 0?\.\d|, 0?\.\d+\)$/); // not see-through
    await page.getByRole("link", { name: /First Works/ }).click();
    await page.waitForURL((url) => url.pathname === `/org/${first.slug}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("home when only site admins may create organizations", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer({ webRoot: WEB_ROOT, env: { ORGANIZATION_CREATORS: "admins" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("offers no creation to a user who may not, and says invitations are the way in", async () => {
    const { page, context } = await openPage(browser);
    await signedInUser(server, context, "home-nocreate", { name: "Nora Nocreate" });
    await page.goto(`${server.url}/`);
    await page
      .getByText(
        "You're not a member of any organization yet. When someone invites you, the invitation appears here and arrives by email.",
      )
      .waitFor();
    expect(await page.getByRole("link", { name: "Create organization" }).count()).toBe(0);
    await context.close();
  });
});
