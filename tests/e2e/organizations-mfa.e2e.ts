import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enableTotp } from "../helpers/mfa.js";
import { invite, joinQuickly } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { shareSession, uniqueAddress, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

// docs/mfa.md "Organization policy": an owner requires two-step verification; a member without it is
// led to set it up, then gets in. Two-step is turned on over HTTP here (Settings → Security has its own tests).
describe("organizations: requiring two-step verification", () => {
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

  it("the owner turns the policy on; a member without two-step is led to set it up, then gets in", async () => {
    const ownerPerson = await server.signUp(uniqueAddress("mfa-owner"), { name: "Olga Owner" });
    const memberPerson = await server.signUp(uniqueAddress("mfa-member"), { name: "Max Member" });
    const org = (
      await ownerPerson.client.post("/api/auth/organization/create", { name: "Strict Org", slug: "strict-org" })
    ).body as { id: string };
    await joinQuickly(ownerPerson.client, org.id, memberPerson, "member");

    // The owner without two-step: the switch is there but off limits, with the way to set it up.
    const owner = await openPage(browser);
    await shareSession(owner.context, server, ownerPerson.client);
    await owner.page.goto(`${server.url}/org/strict-org`);
    const policy = owner.page.getByLabel("Require two-step verification for all members");
    await policy.waitFor();
    expect(await policy.isDisabled()).toBe(true);
    await owner.page.getByText("Turn on two-step verification for your own account first.").waitFor();
    const ownSetup = owner.page.getByRole("link", { name: "Set up two-step verification" });
    expect(await ownSetup.getAttribute("href")).toBe(
      `/settings/security?redirectTo=${encodeURIComponent("/org/strict-org")}`,
    );
    await checkScreen(owner.page, "organization-mfa-policy-needs-own");

    // With two-step on (its sign-in session is replaced, so the browser takes the new cookie).
    await enableTotp(ownerPerson.client);
    await shareSession(owner.context, server, ownerPerson.client);
    await owner.page.reload();
    await owner.page.getByText("1 member has no two-step verification yet.", { exact: false }).waitFor();
    await policy.click();
    await owner.page.getByText("Two-step verification is now required.").waitFor();
    await owner.page.getByText("Members without it cannot open this organization", { exact: false }).waitFor();
    expect(await policy.isChecked()).toBe(true);
    await checkScreen(owner.page, "organization-mfa-policy-on");

    // The member list shows who has it.
    await owner.page.goto(`${server.url}/org/strict-org/members`);
    const ownerRow = owner.page.locator(`[data-member="${ownerPerson.user.email}"]`);
    const memberRow = owner.page.locator(`[data-member="${memberPerson.user.email}"]`);
    await ownerRow.getByText("Two-step: app").waitFor();
    await memberRow.getByText("No two-step").waitFor();
    await checkScreen(owner.page, "organization-members-mfa");

    // The member opens the organization: one screen, leading to Settings → Security and back.
    const member = await openPage(browser);
    await shareSession(member.context, server, memberPerson.client);
    await member.page.goto(`${server.url}/org/strict-org`);
    await member.page.getByRole("heading", { name: "Strict Org requires two-step verification" }).waitFor();
    await member.page.getByText("A passkey alone is not enough", { exact: false }).waitFor();
    const setup = member.page.getByRole("link", { name: "Set up two-step verification" });
    expect(await setup.getAttribute("href")).toBe(
      `/settings/security?redirectTo=${encodeURIComponent("/org/strict-org")}`,
    );
    await checkScreen(member.page, "organization-mfa-required");
    await member.page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(member.page, "organization-mfa-required-390");
    await member.page.setViewportSize({ width: 1280, height: 800 });

    // Accepting the invitation made it their active organization: home leads to the same screen.
    await member.page.goto(`${server.url}/`);
    await member.page.getByRole("heading", { name: "Strict Org requires two-step verification" }).waitFor();
    // From the switcher, with another organization active: its page and that screen, not an error.
    await memberPerson.client.post("/api/auth/organization/create", { name: "Own Org", slug: "own-org" });
    await member.page.reload();
    await member.page.getByTestId("active-organization").getByText("Own Org").waitFor();
    await member.page.getByRole("button", { name: /Switch organization/ }).click();
    await member.page.getByRole("menuitemradio", { name: "Strict Org" }).click();
    await member.page.getByRole("heading", { name: "Strict Org requires two-step verification" }).waitFor();
    expect(new URL(member.page.url()).pathname).toBe("/org/strict-org");

    // Two-step on: back where they were headed, inside the organization.
    await enableTotp(memberPerson.client);
    await shareSession(member.context, server, memberPerson.client);
    await member.page.goto(`${server.url}/org/strict-org/members`);
    await member.page.locator(`[data-member="${memberPerson.user.email}"]`).getByText("Two-step: app").waitFor();
    expect(await member.page.getByTestId("mfa-required").count()).toBe(0);
    await member.page.goto(`${server.url}/org/strict-org`);
    await member.page.getByText("Members must use two-step verification.").waitFor();
    await member.page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(member.page, "organization-mfa-member-in-390");

    // An invitation to it, opened by someone without two-step: the same screen, leading back to the invitation.
    const guestPerson = await server.signUp(uniqueAddress("mfa-guest"), { name: "Gus Guest" });
    const invitation = await invite(ownerPerson.client, org.id, guestPerson.user.email, "member");
    const guest = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await shareSession(guest.context, server, guestPerson.client);
    await guest.page.goto(`${server.url}/invitations/${invitation.id}`);
    await guest.page.getByRole("heading", { name: "Strict Org requires two-step verification" }).waitFor();
    const guestSetup = guest.page.getByRole("link", { name: "Set up two-step verification" });
    expect(await guestSetup.getAttribute("href")).toBe(
      `/settings/security?redirectTo=${encodeURIComponent(`/invitations/${invitation.id}`)}`,
    );
    expect(await guest.page.getByRole("button", { name: "Accept invitation" }).count()).toBe(0);
    await checkScreen(guest.page, "invitation-mfa-required-390");
    expect([...owner.pageErrors, ...member.pageErrors, ...guest.pageErrors]).toEqual([]);
  });
});
