import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { shareSession, signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

/** A call the page makes itself (same origin, same cookies), as someone trying the server directly would. */
function callFromPage(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [path, body] as const,
  );
}

describe("organizations: inviting one or many, accepting, roles, and what each role may do", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    // Room for the owner and two more: the third invitee meets the membership limit.
    server = await startAppServer({ webRoot: WEB_ROOT, env: { MEMBERSHIP_LIMIT: "3" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("invites, accepts in other browsers, changes roles, hides and refuses owner-only actions", async () => {
    const owner = await openPage(browser);
    const { client: ownerClient } = await signedInUser(server, owner.context, "owner", { name: "Olga Owner" });
    const org = (await ownerClient.post("/api/auth/organization/create", { name: "Team Org", slug: "team-org" })).body;
    const { page } = owner;

    // One address.
    await page.goto(`${server.url}/org/team-org/invitations`);
    await page.getByRole("heading", { name: "Invite people", level: 2 }).waitFor();
    await page.getByText("No invitations are waiting for an answer.").waitFor();
    await page.getByLabel("Email addresses").fill("ada@example.com");
    // Roles are checkboxes (several at once); Member is ticked to start with.
    const inviteRoles = page.getByRole("group", { name: "Roles", exact: true });
    await inviteRoles.getByLabel(/^Admin/).check();
    await inviteRoles.getByLabel(/^Member/).uncheck();
    await page.getByRole("button", { name: "Send invitations" }).click();
    const results = page.getByRole("region", { name: "Invitation results" });
    await results.getByText("1 of 1 invitation sent.").waitFor();
    await results.getByText("ada@example.com: invitation sent.").waitFor();
    const pending = page.getByRole("list", { name: "Pending invitations" });
    await pending.locator('[data-invitation="ada@example.com"]').getByText("Admin").waitFor();
    await pending
      .locator('[data-invitation="ada@example.com"]')
      // The expiry as a date, and how far away (issue 22 item 12).
      .getByText(/^Expires on [A-Z][a-z]+ \d{1,2}, \d{4} \(in 2 days\)$/)
      .waitFor();

    // Many at once: each checked, each its own request, each its own line.
    await page
      .getByLabel("Email addresses")
      .fill("bob@example.com, not-an-email\nDave Example <dave@example.com>; ada@example.com");
    await inviteRoles.getByLabel(/^Member/).check();
    await inviteRoles.getByLabel(/^Admin/).uncheck();
    await page.getByRole("button", { name: "Send invitations" }).click();
    await results.getByText("2 of 4 invitations sent.").waitFor();
    await results.getByText("bob@example.com: invitation sent.").waitFor();
    await results.getByText("dave@example.com: invitation sent.").waitFor();
    await results.getByText("not-an-email: not a valid email address; nothing was sent.").waitFor();
    await results
      .getByText("ada@example.com: User is already invited to this organization.", { exact: false })
      .waitFor();
    // What failed stays in the box to fix.
    expect(await page.getByLabel("Email addresses").inputValue()).toBe("not-an-email\nada@example.com");
    await checkScreen(page, "organization-invitations");

    // Send again: a fresh mail.
    const bobMails = server.mail.count("bob@example.com");
    await page.getByRole("button", { name: "Send the invitation to bob@example.com again" }).click();
    await page.getByText("The invitation to bob@example.com has been sent again.").waitFor();
    await expect.poll(() => server.mail.count("bob@example.com")).toBe(bobMails + 1);

    // Ada accepts on her own organizations page, in another browser.
    const ada = await openPage(browser);
    await signedInUserAs(ada, "ada@example.com", "Ada Admin");
    await ada.page.goto(`${server.url}/organizations`);
    await ada.page.getByRole("heading", { name: "Invitations for you", level: 2 }).waitFor();
    await checkScreen(ada.page, "organizations-list-invited");
    await ada.page.getByRole("button", { name: "Accept the invitation to Team Org" }).click();
    await ada.page.getByText("You've joined Team Org.").waitFor();
    await ada.page.getByRole("button", { name: "Switch organization (current: Team Org)" }).waitFor();

    // Bob accepts from the mail's link.
    const bob = await openPage(browser);
    await signedInUserAs(bob, "bob@example.com", "Bob Member");
    const mail = await server.mail.waitFor("bob@example.com", /invited you/i);
    await bob.page.goto(linkIn(mail, "/invitations/"));
    await bob.page.getByRole("button", { name: "Accept invitation" }).click();
    await bob.page.getByText("You've joined Team Org").waitFor();

    // The owner's members list: three, the limit reached and explained, searchable.
    await page.goto(`${server.url}/org/team-org/members`);
    await page.getByText("3 members of at most 3").waitFor();
    await page.getByText("This organization is full").waitFor();
    await page.getByText("It has reached its limit of 3 members.", { exact: false }).waitFor();
    await page.getByRole("searchbox", { name: "Search members" }).fill("bob");
    const members = page.getByRole("list", { name: "Members" });
    await expect.poll(() => members.getByRole("listitem").count()).toBe(1);
    await checkScreen(page, "organization-members");
    await page.getByRole("searchbox", { name: "Search members" }).fill("");

    // Dave's invitation cannot be accepted: the organization is full.
    const dave = await openPage(browser);
    await signedInUserAs(dave, "dave@example.com", "Dave");
    await dave.page.goto(`${server.url}/organizations`);
    await dave.page.getByRole("button", { name: "Accept the invitation to Team Org" }).click();
    await dave.page
      .getByRole("alert")
      .getByText(
        "Organization membership limit reached. Someone has to leave, or be removed, before anyone else can join.",
      )
      .waitFor();

    // Several roles at once.
    await page.getByRole("button", { name: "Change the role of Bob Member" }).click();
    await page
      .getByRole("group", { name: "Roles of Bob Member" })
      .getByLabel(/^Admin/)
      .check();
    await page.getByRole("button", { name: "Save roles" }).click();
    await page.getByText("The role of Bob Member has been changed.").waitFor();
    const bobRow = members.locator('[data-member="bob@example.com"]');
    await bobRow.getByText("Admin", { exact: true }).waitFor();
    await bobRow.getByText("Member", { exact: true }).waitFor();
    const listed = (await ownerClient.get("/api/auth/organization/list-members", { organizationId: org.id })).body
      .members;
    expect(listed.find((m: { user: { email: string } }) => m.user.email === "bob@example.com").role).toBe(
      "admin,member",
    );
    // Back to member only.
    await page.getByRole("button", { name: "Change the role of Bob Member" }).click();
    await page
      .getByRole("group", { name: "Roles of Bob Member" })
      .getByLabel(/^Admin/)
      .uncheck();
    await page.getByRole("button", { name: "Save roles" }).click();
    // The editor (with its own "Admin" label) closes once saved; then the badge must be gone too.
    await page.getByRole("group", { name: "Roles of Bob Member" }).waitFor({ state: "detached" });
    await bobRow.getByText("Admin", { exact: true }).waitFor({ state: "detached" });

    // A member sees no owner or admin controls, and the server refuses anyway.
    await bob.page.goto(`${server.url}/org/team-org`);
    await bob.page.getByText("Only owners and admins can change these settings.").waitFor();
    expect(await bob.page.getByLabel("Name", { exact: true }).isDisabled()).toBe(true);
    expect(await bob.page.getByRole("button", { name: "Delete organization" }).count()).toBe(0);
    expect(await bob.page.getByRole("link", { name: "Invitations" }).count()).toBe(0);
    await checkScreen(bob.page, "organization-general-member");
    await bob.page.getByRole("link", { name: "Members" }).click();
    await bob.page.getByText("3 members of at most 3").waitFor();
    expect(await bob.page.getByRole("button", { name: /Change the role|Remove/ }).count()).toBe(0);
    const refused = await callFromPage(bob.page, "/api/auth/organization/delete", { organizationId: org.id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION");

    // An admin manages members but cannot delete the organization (owner only, SPEC §6).
    await ada.page.goto(`${server.url}/org/team-org`);
    await ada.page.getByRole("button", { name: "Save changes" }).waitFor();
    expect(await ada.page.getByRole("button", { name: "Delete organization" }).count()).toBe(0);
    const adminRefused = await callFromPage(ada.page, "/api/auth/organization/delete", { organizationId: org.id });
    expect(adminRefused.status).toBe(403);
    // Nor touch the owner.
    await ada.page.getByRole("link", { name: "Members" }).click();
    await ada.page.getByRole("button", { name: "Change the role of Bob Member" }).waitFor();
    expect(await ada.page.getByRole("button", { name: "Change the role of Olga Owner" }).count()).toBe(0);

    // The only owner cannot leave.
    await page.goto(`${server.url}/org/team-org`);
    await page.getByRole("button", { name: "Leave organization" }).click();
    await page
      .getByRole("alertdialog", { name: "Leave Team Org?" })
      .getByRole("button", { name: "Leave organization" })
      .click();
    await page
      .getByRole("alert")
      .getByText(
        "You cannot leave the organization as the only owner. Make another member an owner first, or delete the organization.",
      )
      .waitFor();

    // Removing a member; they lose the organization at once.
    await page.getByRole("link", { name: "Members" }).click();
    await page.getByRole("button", { name: "Remove Bob Member" }).click();
    await page.getByRole("alertdialog", { name: "Remove Bob Member?" }).getByRole("button", { name: "Remove" }).click();
    await page.getByText("Bob Member has been removed.").waitFor();
    await page.getByText("2 members of at most 3").waitFor();
    await bob.page.reload();
    await bob.page.getByRole("heading", { name: "Organization not found" }).waitFor();

    // Cancelling an invitation.
    await page.getByRole("link", { name: "Invitations" }).click();
    await page.getByRole("button", { name: "Cancel the invitation to dave@example.com" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel invitation" }).click();
    await page.getByText("The invitation to dave@example.com has been canceled.").waitFor();
    await page.getByText("No invitations are waiting for an answer.").waitFor();
    expect(owner.pageErrors).toEqual([]);
  });

  /** Signs up through the real mail flow and shares the session into the page's browser context. */
  async function signedInUserAs(watched: { context: Parameters<typeof shareSession>[0] }, email: string, name: string) {
    const person = await server.signUp(email, { name });
    await shareSession(watched.context, server, person.client);
    return person;
  }
});
