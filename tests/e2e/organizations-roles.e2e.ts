import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { createOrganization, expectStatus, invite, joinQuickly, listMembers } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { shareSession, signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The member row of `email` on the members screen. */
const memberRow = (page: Page, email: string) =>
  page.getByRole("list", { name: "Members" }).locator(`[data-member="${email}"]`);

describe("organizations: custom roles in the web app", () => {
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

  it("creates a role, gives it to a member, the member sees what it allows, edits take effect, deleting reassigns", async () => {
    const owner = await openPage(browser);
    const { client: ownerClient } = await signedInUser(server, owner.context, "roles-owner", { name: "Olga Owner" });
    const org = await createOrganization(ownerClient, "roles");
    const mia = await server.signUp(`mia-${Date.now().toString(36)}@example.com`, { name: "Mia Member" });
    await joinQuickly(ownerClient, org.id, mia, "member");
    const { page } = owner;
    const ownerNav = page.getByRole("navigation", { name: "Organization sections" });

    // The owner's Roles screen: the built-in roles, read-only, with what they allow in words.
    await page.goto(`${server.url}/org/${org.slug}`);
    await ownerNav.getByRole("link", { name: "Roles" }).click();
    await page.getByRole("heading", { name: "Custom roles", level: 2 }).waitFor();
    await page.getByText("No custom roles yet.").waitFor();
    const builtIn = page.getByRole("list", { name: "Built-in roles" });
    await builtIn.locator('[data-role="admin"]').getByText("Invite people, Cancel invitations").waitFor();
    await builtIn.locator('[data-role="member"]').getByText("Nothing beyond belonging to the organization.").waitFor();
    expect(await builtIn.getByRole("button").count()).toBe(0);
    await checkScreen(page, "organization-roles-empty");

    // Create "billing": checked here first, then by the server.
    await page.getByRole("button", { name: "Create role" }).click();
    const form = page.getByRole("form", { name: "New role" });
    await form.getByRole("textbox", { name: "Name" }).fill("Admin");
    await form.getByRole("button", { name: "Create role" }).click();
    await form.getByText("That name belongs to a built-in role.").waitFor();
    await form.getByRole("textbox", { name: "Name" }).fill("two words");
    await form.getByRole("button", { name: "Create role" }).click();
    await form.getByText("Use lower-case letters, digits, - and _, starting with a letter.").waitFor();
    // A role created elsewhere meanwhile: the engine refuses the name, and the page says so in words.
    expectStatus(
      await ownerClient.post("/api/auth/organization/create-role", {
        organizationId: org.id,
        role: "support",
        permission: { team: ["create"] },
      }),
      200,
    );
    await form.getByRole("textbox", { name: "Name" }).fill("support");
    await form.getByRole("button", { name: "Create role" }).click();
    await form.getByRole("alert").getByText("That role name is already taken.").waitFor();
    await form.getByRole("textbox", { name: "Name" }).fill("Billing");
    await form.getByRole("group", { name: "Invitations" }).getByLabel("Invite people").check();
    await checkScreen(page, "organization-roles-form");
    await form.getByRole("button", { name: "Create role" }).click();
    await page.getByText("The role billing has been created.").waitFor();
    const custom = page.getByRole("list", { name: "Custom roles" });
    const billing = custom.locator('[data-role="billing"]');
    await billing.getByText("Invite people", { exact: true }).waitFor();
    await billing.getByText("Held by 0 members.").waitFor();
    await custom.locator('[data-role="support"]').getByText("Create teams").waitFor();
    const stored = (await ownerClient.get("/api/auth/organization/list-roles", { organizationId: org.id })).body as {
      role: string;
      permission: Record<string, string[]>;
    }[];
    expect(stored.find((r) => r.role === "billing")?.permission).toEqual({ invitation: ["create"] });

    // Give it to Mia, on top of member: several roles at once, custom ones listed with what they allow.
    await ownerNav.getByRole("link", { name: "Members" }).click();
    await page.getByRole("button", { name: "Change the role of Mia Member" }).click();
    const roles = page.getByRole("group", { name: "Roles of Mia Member" });
    await roles.getByText("Invite people", { exact: true }).waitFor();
    await roles.getByLabel(/^billing/).check();
    await checkScreen(page, "organization-members-custom-role-editor");
    await page.getByRole("button", { name: "Save roles" }).click();
    await page.getByText("The role of Mia Member has been changed.").waitFor();
    await memberRow(page, mia.user.email).getByText("billing", { exact: true }).waitFor();
    await memberRow(page, mia.user.email).getByText("Member", { exact: true }).waitFor();
    expect((await listMembers(ownerClient, org.id)).find((m) => m.user.email === mia.user.email)?.role).toBe(
      "member,billing",
    );

    // Mia: the invitations section and form, but no member, team or role management.
    const member = await openPage(browser);
    await shareSession(member.context, server, mia.client);
    const mp = member.page;
    await mp.goto(`${server.url}/org/${org.slug}`);
    const nav = mp.getByRole("navigation", { name: "Organization sections" });
    await nav.getByRole("link", { name: "Invitations" }).waitFor();
    expect(await nav.getByRole("link", { name: "Roles" }).count()).toBe(0);
    await nav.getByRole("link", { name: "Invitations" }).click();
    await mp.getByRole("heading", { name: "Invite people", level: 2 }).waitFor();
    // Mia may give only roles she can see (no ac: read: the built-in ones) and that hold nothing beyond hers.
    const offered = mp.getByRole("group", { name: "Roles", exact: true });
    await offered.getByLabel(/^Member/).waitFor();
    expect(await offered.getByLabel(/^Admin/).count()).toBe(0);
    await checkScreen(mp, "organization-invitations-custom-role");
    await mp.getByLabel("Email addresses").fill("guest@example.com");
    await mp.getByRole("button", { name: "Send invitations" }).click();
    await mp.getByText("guest@example.com: invitation sent.").waitFor();
    await nav.getByRole("link", { name: "Members" }).click();
    await memberRow(mp, mia.user.email).waitFor();
    expect(await mp.getByRole("button", { name: /^Change the role of/ }).count()).toBe(0);
    expect(await mp.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    await nav.getByRole("link", { name: "Teams" }).click();
    await mp.getByRole("heading", { name: "Teams", level: 2 }).waitFor();
    expect(await mp.getByRole("form", { name: "Create a team" }).count()).toBe(0);
    // The server agrees: the effective permissions the page used.
    const mine = await mp.evaluate(async (id) => (await fetch(`/api/organizations/${id}/permissions`)).json(), org.id);
    expect(mine.roles).toEqual(["member", "billing"]);
    expect(mine.permissions.invitation).toEqual(["create"]);
    expect(mine.permissions.team).toEqual([]);

    // The owner renames billing to invoicing and lets it create teams too: the role's holders keep it under
    // its new name, and Mia sees the new permission on her next load.
    await ownerNav.getByRole("link", { name: "Roles" }).click();
    await custom.getByRole("button", { name: "Edit the role billing" }).click();
    const edit = page.getByRole("form", { name: "Edit the role billing" });
    await edit.getByRole("textbox", { name: "Name" }).fill("invoicing");
    await edit.getByRole("group", { name: "Teams" }).getByLabel("Create teams").check();
    await edit.getByRole("button", { name: "Save role" }).click();
    await page.getByText("The role invoicing has been saved.").waitFor();
    const invoicing = custom.locator('[data-role="invoicing"]');
    await invoicing.getByText("Create teams").waitFor();
    await invoicing.getByText("Held by 1 member.").waitFor();
    expect((await listMembers(ownerClient, org.id)).find((m) => m.user.email === mia.user.email)?.role).toBe(
      "member,invoicing",
    );
    await mp.reload();
    await mp.getByRole("form", { name: "Create a team" }).waitFor();

    // Deleting a role in use: the dialog names its holders and moves them to the role picked, cancels the
    // pending invitations that carry it (the server refuses the deletion while they wait), then deletes.
    const carol = await invite(ownerClient, org.id, "carol@example.com", "invoicing");
    await page.reload();
    await custom.getByRole("button", { name: "Delete the role invoicing" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete the role invoicing?" });
    await dialog.getByText("1 member holds this role.", { exact: false }).waitFor();
    await dialog.getByRole("list", { name: "Members holding invoicing" }).getByText("Mia Member").waitFor();
    await dialog.getByText("1 pending invitation carries this role; it is cancelled too.").waitFor();
    await dialog
      .getByRole("list", { name: "Pending invitations with invoicing" })
      .getByText("carol@example.com")
      .waitFor();
    await dialog.getByLabel("Their new role").selectOption("support");
    await checkScreen(page, "organization-roles-delete-dialog");
    await dialog.getByRole("button", { name: "Give them the new role and delete" }).click();
    await page.getByText("The role invoicing has been deleted.").waitFor();
    await custom.locator('[data-role="invoicing"]').waitFor({ state: "detached" });
    await custom.locator('[data-role="support"]').getByText("Held by 1 member.").waitFor();
    expect((await listMembers(ownerClient, org.id)).find((m) => m.user.email === mia.user.email)?.role).toBe(
      "member,support",
    );
    const left = (await ownerClient.get("/api/auth/organization/list-roles", { organizationId: org.id })).body as {
      role: string;
    }[];
    expect(left.map((r) => r.role)).toEqual(["support"]);
    const invitations = (await ownerClient.get("/api/auth/organization/list-invitations", { organizationId: org.id }))
      .body as { id: string; status: string }[];
    expect(invitations.find((i) => i.id === carol.id)?.status).toBe("canceled");
    // Mia's badges say so; the invitation form is gone from her navigation (support cannot invite).
    await mp.goto(`${server.url}/org/${org.slug}/members`);
    await memberRow(mp, mia.user.email).getByText("support", { exact: true }).waitFor();
    expect(
      await mp
        .getByRole("navigation", { name: "Organization sections" })
        .getByRole("link", { name: "Invitations" })
        .count(),
    ).toBe(0);
    await member.context.close();

    // Someone who may create roles but not edit or delete them, and holds little else: the form offers only
    // what they hold themselves, the others are disabled with the reason, and there is no Edit or Delete.
    expectStatus(
      await ownerClient.post("/api/auth/organization/create-role", {
        organizationId: org.id,
        role: "roles-lead",
        permission: { ac: ["create", "read"], invitation: ["create"] },
      }),
      200,
    );
    const rita = await server.signUp(`rita-${Date.now().toString(36)}@example.com`, { name: "Rita Lead" });
    await joinQuickly(ownerClient, org.id, rita, "roles-lead");
    const lead = await openPage(browser);
    await shareSession(lead.context, server, rita.client);
    await lead.page.goto(`${server.url}/org/${org.slug}/roles`);
    const leadRoles = lead.page.getByRole("list", { name: "Custom roles" });
    await leadRoles.locator('[data-role="support"]').waitFor();
    expect(await leadRoles.getByRole("button").count()).toBe(0);
    await lead.page.getByRole("button", { name: "Create role" }).click();
    const leadForm = lead.page.getByRole("form", { name: "New role" });
    await leadForm.getByText("Greyed-out permissions are ones your own roles don't have").waitFor();
    expect(await leadForm.getByRole("checkbox", { name: "Delete the organization" }).isDisabled()).toBe(true);
    expect(await leadForm.getByRole("checkbox", { name: "Invite people" }).isEnabled()).toBe(true);
    await checkScreen(lead.page, "organization-roles-delegate");
    await leadForm.getByRole("textbox", { name: "Name" }).fill("greeter");
    await leadForm.getByRole("checkbox", { name: "Invite people" }).check();
    await leadForm.getByRole("button", { name: "Create role" }).click();
    await lead.page.getByText("The role greeter has been created.").waitFor();
    await leadRoles.locator('[data-role="greeter"]').getByText("Invite people", { exact: true }).waitFor();
    expect(lead.pageErrors).toEqual([]);
    await lead.context.close();

    // Phone and desktop, light and dark: the Roles screen with the editor open.
    await screens(ownerClient, org.slug);
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();
  }, 240_000); // one flow through four screens and two browsers with nine screen checks: over 120 s on a busy machine

  async function screens(client: TestClient, slug: string) {
    for (const [name, options] of [
      ["organization-roles-phone-light", { ...PHONE, colorScheme: "light" as const }],
      ["organization-roles-phone-dark", { ...PHONE, colorScheme: "dark" as const }],
      ["organization-roles-desktop-dark", { colorScheme: "dark" as const }],
    ] as const) {
      const watched = await openPage(browser, options);
      await shareSession(watched.context, server, client);
      await watched.page.goto(`${server.url}/org/${slug}/roles`);
      await watched.page.getByRole("button", { name: "Edit the role support" }).click();
      await watched.page.getByRole("form", { name: "Edit the role support" }).waitFor();
      await checkScreen(watched.page, name);
      // Nothing wider than the screen.
      const overflow = await watched.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, name).toBeLessThanOrEqual(0);
      // The current section is scrolled into view in the sideways navigation.
      const tab = await watched.page
        .getByRole("navigation", { name: "Organization sections" })
        .getByRole("link", { name: "Roles" })
        .boundingBox();
      expect(tab && tab.x >= 0 && tab.x + tab.width <= (watched.page.viewportSize()?.width ?? 0), name).toBe(true);
      // A member's roles, built-in and custom, in the role editor.
      await watched.page.goto(`${server.url}/org/${slug}/members`);
      await watched.page.getByRole("button", { name: "Change the role of Mia Member" }).click();
      await watched.page
        .getByRole("group", { name: "Roles of Mia Member" })
        .getByLabel(/^support/)
        .waitFor();
      await checkScreen(watched.page, `${name}-member-roles`);
      await watched.context.close();
    }
  }
});
