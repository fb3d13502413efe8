import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, expectAccessible, launchBrowser, openPage } from "./helpers/browser.js";
import { noisyPng } from "./helpers/test-image.js";

describe("organizations: create, settings, limits, delete", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer({ webRoot: WEB_ROOT, env: { ORGANIZATION_LIMIT: "2" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("creates one from the header's switcher, with a live slug check, logo and metadata", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    const { client } = await signedInUser(server, context, "founder");
    const other = await server.signUp("squatter@example.com");
    expect(
      (await other.client.post("/api/auth/organization/create", { name: "Taken", slug: "taken-slug" })).status,
    ).toBe(200);

    await page.goto(`${server.url}/`);
    await page.getByRole("button", { name: "Switch organization (current: No organization)" }).click();
    await page.getByRole("menuitem", { name: "Create organization" }).click();
    await page.waitForURL(/\/organizations\/new$/);
    await page.getByRole("heading", { name: "Create an organization", level: 1 }).waitFor();
    await checkScreen(page, "organizations-new");

    // The address follows the name until edited, and is checked as it is typed.
    await page.getByLabel("Name", { exact: true }).fill("Acme Research & Co.");
    const slug = page.getByLabel("Address", { exact: true });
    expect(await slug.inputValue()).toBe("acme-research-co");
    await page.getByText("“acme-research-co” is available.").waitFor();
    await slug.fill("taken-slug");
    await page.getByText("“taken-slug” is already taken. Choose another address.").waitFor();
    await slug.fill("Bad slug!");
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByText("Use only lower-case letters, digits and single hyphens", { exact: false }).waitFor();
    expect(await slug.evaluate((el) => el === document.activeElement)).toBe(true);
    await slug.fill("acme-research");
    await page.getByText("“acme-research” is available.").waitFor();

    // A logo, cropped in the browser.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: noisyPng(400, 300) });
    await page.getByRole("button", { name: "Save logo" }).click();
    await page.getByRole("img", { name: "Current logo" }).waitFor();

    // Metadata rows: a value needs a key.
    await page.getByRole("button", { name: "Add a row" }).click();
    await page.getByLabel("Key 1").fill("billing-code");
    await page.getByLabel("Value 1").fill("4711");
    await page.getByRole("button", { name: "Add a row" }).click();
    await page.getByLabel("Value 2").fill("orphan");
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByText("Give this value a key.").waitFor();
    await page.getByRole("button", { name: "Remove row 2" }).click();
    await page.getByRole("button", { name: "Create organization" }).click();

    // It opens as the active organization, with the creator as owner.
    await page.waitForURL(/\/org\/acme-research$/);
    await page.getByRole("heading", { name: "Acme Research & Co.", level: 1 }).waitFor();
    await page.getByText("Owner", { exact: true }).first().waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Switch organization (current: Acme Research & Co.)" }).waitFor();
    await checkScreen(page, "organization-general");
    const [created] = (await client.get("/api/auth/organization/list")).body;
    expect(created).toMatchObject({ slug: "acme-research", metadata: { "billing-code": "4711" } });
    expect(created.logo).toMatch(/\/api\/uploads\/[A-Za-z0-9_-]{32}$/);
    expect(pageErrors).toEqual([]);
  });

  it("updates name, address and metadata, refuses past the organization limit, and deletes after typing the address", async () => {
    const { page, context } = await openPage(browser);
    const { client } = await signedInUser(server, context, "manager");
    expect((await client.post("/api/auth/organization/create", { name: "First", slug: "first-org" })).status).toBe(200);

    await page.goto(`${server.url}/org/first-org`);
    await page.getByRole("heading", { name: "First", level: 1 }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("First Light");
    await page.getByLabel("Address", { exact: true }).fill("taken-slug");
    await page.getByText("“taken-slug” is already taken. Choose another address.").waitFor();
    await page.getByLabel("Address", { exact: true }).fill("first-light");
    await page.getByText("“first-light” is available.").waitFor();
    await page.getByRole("button", { name: "Add a row" }).click();
    await page.getByLabel("Key 1").fill("region");
    await page.getByLabel("Value 1").fill("eu-west");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("The organization has been updated.").waitFor();
    await page.waitForURL(/\/org\/first-light$/);
    await page.getByRole("heading", { name: "First Light", level: 1 }).waitFor();
    expect((await client.get("/api/auth/organization/list")).body[0]).toMatchObject({
      name: "First Light",
      slug: "first-light",
      metadata: { region: "eu-west" },
    });

    // ORGANIZATION_LIMIT=2: the third is refused with the engine's words.
    expect((await client.post("/api/auth/organization/create", { name: "Second", slug: "second-org" })).status).toBe(
      200,
    );
    await page.goto(`${server.url}/organizations/new`);
    await page.getByLabel("Name", { exact: true }).fill("Third");
    await page.getByText("“third” is available.").waitFor();
    await page.getByRole("button", { name: "Create organization" }).click();
    await page
      .getByRole("alert")
      .getByText("You have reached the maximum number of organizations.", { exact: false })
      .waitFor();

    // The header's switcher and the screen agree: opening an organization makes it active, and
    // choosing another in the switcher opens the same section for it.
    await page.goto(`${server.url}/org/first-light/members`);
    await page.getByRole("button", { name: "Switch organization (current: First Light)" }).click();
    await page.getByRole("menuitemradio", { name: "Second" }).click();
    await page.waitForURL(/\/org\/second-org\/members$/);
    await page.getByRole("heading", { name: "Second", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Switch organization (current: Second)" }).click();
    await page.getByRole("menuitem", { name: "Manage Second" }).waitFor();
    await page.getByRole("menuitem", { name: "All organizations" }).waitFor();
    await page.keyboard.press("Escape");

    // Deleting needs the address typed.
    await page.goto(`${server.url}/org/first-light`);
    await page.getByRole("button", { name: "Delete organization" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete First Light?" });
    await expectAccessible(page, "organization-delete-dialog");
    const confirm = dialog.getByRole("button", { name: "Delete for good" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("To confirm, type the organization's address: first-light").fill("first-ligh");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("To confirm, type the organization's address: first-light").fill("first-light");
    await confirm.click();
    await page.waitForURL(/\/organizations$/);
    await page.getByText("First Light has been deleted.").waitFor();
    await page.getByRole("link", { name: /Second/ }).waitFor();
    expect((await client.get("/api/auth/organization/list")).body.map((o: { slug: string }) => o.slug)).toEqual([
      "second-org",
    ]);
  });

  it("says when this server does not let the user create organizations", async () => {
    const closed = await startAppServer({ webRoot: WEB_ROOT, env: { ORGANIZATION_CREATORS: "admins" } });
    try {
      const { page, context } = await openPage(browser);
      await signedInUser(closed, context, "not-allowed");
      await page.goto(`${closed.url}/organizations/new`);
      await page.getByLabel("Name", { exact: true }).fill("Nope");
      await page.getByText("“nope” is available.").waitFor();
      await page.getByRole("button", { name: "Create organization" }).click();
      await page.getByRole("alert").getByText("You are not allowed to create a new organization.").waitFor();
    } finally {
      await closed.close();
    }
  });
});
