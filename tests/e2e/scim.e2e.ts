import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinQuickly, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import { scimClient, scimUser } from "../helpers/scim-client.js";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, dismissToasts, launchBrowser, openPage } from "./helpers/browser.js";
import { signInThroughUi } from "./helpers/flows.js";

const SLUG = "acme-scim";

// docs/scim.md "Setting it up": the owner's Provisioning (SCIM) screen in Chromium, against the real server;
// the token it shows once is then used the way an IdP uses it.
describe("SCIM setup screen", () => {
  let server: TestServer;
  let browser: Browser;
  let member: Person;

  beforeAll(async () => {
    server = await startAppServer(process.env.E2E_WEB_ROOT ? { webRoot: process.env.E2E_WEB_ROOT } : {});
    browser = await launchBrowser();
    const owner = await server.signUp("sofia@example.com", { name: "Sofia Owner" });
    const org = await owner.client.post("/api/auth/organization/create", { name: "Acme SCIM", slug: SLUG });
    expect(org.status, org.text).toBe(200);
    member = await signUpPerson(server, "mia-member", "Mia Member");
    await joinQuickly(owner.client, org.body.id, member, "member");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("lets an owner create a token, see it once, copy the base URL, replace and revoke it", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await signInThroughUi(page, server, "sofia@example.com", "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}`);
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Provisioning (SCIM)" })
      .click();
    await page.waitForURL(`${server.url}/org/${SLUG}/scim`);
    await page.getByText("Off: no token.", { exact: false }).waitFor();
    expect(await page.title()).toContain("Provisioning (SCIM) of Acme SCIM");

    // The base URL, copied as the IdP needs it.
    const baseUrl = `${server.url}/api/auth/scim/v2`;
    expect((await page.getByTestId("scim-base-url").textContent())?.trim()).toBe(baseUrl);
    await page.getByRole("button", { name: "Copy SCIM base URL" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(baseUrl);
    await checkScreen(page, "scim-off");

    await page.getByRole("button", { name: "Create SCIM token" }).click();
    const panel = page.getByTestId("scim-token");
    await panel.waitFor();
    const token = (await panel.getByTestId("scim-token-value").textContent())!.trim();
    expect(token).toMatch(/^ba_scim_credential_/);
    await page.getByText("it is shown only this once").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("scim-token-title");
    await panel.getByRole("button", { name: "Copy SCIM token" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await dismissToasts(page);
    await checkScreen(page, "scim-token");

    // The token works as an IdP uses it.
    const idp = scimClient(baseUrl, token);
    // A member the IdP takes over (a new account would need a verified domain: docs/scim.md "Which accounts").
    expect((await idp.post("/Users", scimUser(member.user.email))).status).toBe(201);

    // Shown once: gone after "Done" and a reload.
    await page.getByRole("button", { name: "Done, I have copied it" }).click();
    await page.reload();
    await page.getByText("On: your identity provider can provision members", { exact: false }).waitFor();
    expect(await page.getByTestId("scim-token").count()).toBe(0);
    expect(await page.content()).not.toContain(token.split(".")[1]);
    await page.getByText("last used", { exact: false }).waitFor();
    await checkScreen(page, "scim-on");

    // Replace: a new token, the old one refused.
    await page.getByRole("button", { name: "Replace token" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Replace token" }).click();
    await page.getByTestId("scim-token").waitFor();
    const second = (await page.getByTestId("scim-token-value").textContent())!.trim();
    expect(second).not.toBe(token);
    expect((await idp.get("/Users")).status).toBe(401);
    expect((await scimClient(baseUrl, second).get("/Users")).status).toBe(200);

    // Revoke: provisioning off.
    await page.getByRole("button", { name: "Revoke token" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke token" }).click();
    await page.getByText("Off: no token.", { exact: false }).waitFor();
    expect((await scimClient(baseUrl, second).get("/Users")).status).toBe(401);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("has no Provisioning tab for a member, and the screen says so when opened directly", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, member.user.email, "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}`);
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Members" })
      .waitFor();
    expect(await page.getByRole("link", { name: "Provisioning (SCIM)" }).count()).toBe(0);
    await page.goto(`${server.url}/org/${SLUG}/scim`);
    await page.getByText("Only owners and admins set up provisioning").waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
