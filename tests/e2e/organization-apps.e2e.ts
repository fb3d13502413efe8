import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminWithCli, joinQuickly, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { signInThroughUi } from "./helpers/flows.js";

const SLUG = "acme-apps";

// docs/integrate.md "Apps of an organization": the owner's "Apps (OAuth)" tab in Chromium, against the real
// server; the site admin's console then lists the app with its organization.
describe("An organization's Apps (OAuth) tab", () => {
  let server: TestServer;
  let browser: Browser;
  let member: Person;
  let admin: Person & { email?: string };

  beforeAll(async () => {
    server = await startAppServer(process.env.E2E_WEB_ROOT ? { webRoot: process.env.E2E_WEB_ROOT } : {});
    browser = await launchBrowser();
    const owner = await server.signUp("olga@example.com", { name: "Olga Owner" });
    const org = await owner.client.post("/api/auth/organization/create", { name: "Acme Apps", slug: SLUG });
    expect(org.status, org.text).toBe(200);
    member = await signUpPerson(server, "max-member", "Max Member");
    await joinQuickly(owner.client, org.body.id, member, "member");
    admin = await createAdminWithCli(server, "apps-admin");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("lets an owner add an app (secret shown once, no first-party option), change it, replace its secret and delete it", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, "olga@example.com", "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}`);
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Apps (OAuth)" })
      .click();
    await page.waitForURL(`${server.url}/org/${SLUG}/apps`);
    await page.getByText("No apps yet.").waitFor();
    expect(await page.title()).toContain("Apps (OAuth) of Acme Apps");

    await page.getByRole("button", { name: "Add app" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("Acme Board");
    await page.getByRole("textbox", { name: "Redirect URIs" }).fill("https://board.example.com/callback");
    // Only site admins mark an app first-party.
    expect(await page.getByLabel("First-party app", { exact: false }).count()).toBe(0);
    await page.getByText("only site administrators can mark an app first-party", { exact: false }).waitFor();
    await checkScreen(page, "organization-apps-form");
    await page.getByRole("button", { name: "Add app" }).last().click();

    const panel = page.getByTestId("oauth-client-secret");
    await panel.waitFor();
    const clientId = ((await panel.getByTestId("oauth-client-id").textContent()) ?? "").trim();
    const secret = ((await panel.getByTestId("oauth-client-secret-value").textContent()) ?? "").trim();
    expect(clientId).not.toBe("");
    expect(secret.length).toBeGreaterThan(20);
    await page.getByRole("button", { name: "Done" }).click();
    const list = page.getByRole("list", { name: "Apps (OAuth)" });
    await list.getByText("Acme Board").waitFor();
    await page.reload();
    await list.getByText(clientId).waitFor();
    expect(await page.content()).not.toContain(secret);
    await checkScreen(page, "organization-apps-list");

    // Stored as the organization's, never first-party.
    const { adapter } = await server.running.auth.$context;
    const row = (await adapter.findOne({ model: "oauthClient", where: [{ field: "clientId", value: clientId }] })) as {
      referenceId: string;
      skipConsent?: boolean | null;
    };
    expect(row.referenceId).not.toBe("site");
    expect(Boolean(row.skipConsent)).toBe(false);

    await list.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("Acme Board 2");
    await page.getByRole("button", { name: "Save" }).click();
    await list.getByText("Acme Board 2").waitFor();

    await list.getByRole("button", { name: "New secret" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "New secret" }).click();
    await panel.waitFor();
    const second = ((await panel.getByTestId("oauth-client-secret-value").textContent()) ?? "").trim();
    expect(second).not.toBe(secret);
    await page.getByRole("button", { name: "Done" }).click();

    // The site admin's console shows it with its organization, to be managed there.
    const adminPage = await openPage(browser);
    await signInThroughUi(adminPage.page, server, admin.user.email, "admin password 123");
    await adminPage.page.goto(`${server.url}/admin/oauth-clients`);
    const all = adminPage.page.getByRole("list", { name: "Apps that sign in with this site" });
    await all.getByText("Organization: Acme Apps").waitFor();
    await all.getByText("Managed by the organization's owners and admins.").waitFor();
    expect(await all.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await adminPage.context.close();

    await list.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("No apps yet.").waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("has no Apps (OAuth) tab for a member", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, member.user.email, "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}`);
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Members" })
      .waitFor();
    expect(await page.getByRole("link", { name: "Apps (OAuth)" }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
