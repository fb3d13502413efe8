import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

describe("account settings: deleting the account through the mail", () => {
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

  it("warns about organizations left without an owner, checks the password, and deletes from the link", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    const { client, user, password } = await signedInUser(server, context, "leaver");
    const sole = await client.post("/api/auth/organization/create", { name: "Only Mine", slug: "only-mine" });
    expect(sole.status).toBe(200);
    // An organization with a second owner is not in the warning.
    const shared = await client.post("/api/auth/organization/create", { name: "Shared Co", slug: "shared-co" });
    const partner = await server.signUp("partner@example.com");
    const invite = await client.post("/api/auth/organization/invite-member", {
      email: "partner@example.com",
      role: "owner",
      organizationId: shared.body.id,
    });
    expect(
      (await partner.client.post("/api/auth/organization/accept-invitation", { invitationId: invite.body.id })).status,
    ).toBe(200);

    await page.goto(`${server.url}/settings/delete-account`);
    await page.getByRole("heading", { name: "Delete account", level: 2 }).waitFor();
    const warning = page.getByRole("status").filter({ hasText: "You are the only owner of 1 organization" });
    await warning.getByRole("link", { name: "Only Mine" }).waitFor();
    expect(await warning.getByText("Shared Co").count()).toBe(0);
    await checkScreen(page, "settings-delete-account");

    const submit = page.getByRole("button", { name: "Send the deletion link" });
    await submit.click();
    await page.getByText("Enter your password.").waitFor();
    await page.getByText("Tick the box to confirm.").waitFor();
    await page.getByLabel("Your password").fill("wrong password");
    await page
      .getByRole("checkbox", { name: "I understand that my account and its data will be deleted for good." })
      .check();
    await submit.click();
    await page.getByRole("alert").getByText("Invalid password.").waitFor();

    const since = server.mail.messages.length;
    await page.getByLabel("Your password").fill(password);
    await submit.click();
    await page.getByText("Check your inbox", { exact: true }).waitFor();
    await page.getByText(`We've sent a link to ${user.email}.`, { exact: false }).waitFor();
    // Nothing is deleted until the link is opened.
    expect((await client.get("/api/auth/get-session")).body.user.email).toBe(user.email);

    const mail = await server.mail.waitFor(user.email, /deletion/i, { since });
    await page.goto(linkIn(mail, "/delete-user/callback"));
    await page.getByRole("heading", { name: "Your account has been deleted" }).waitFor();
    expect((await server.client().post("/api/auth/sign-in/email", { email: user.email, password })).status).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
