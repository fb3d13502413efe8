import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { shareSession, signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

describe("organizations: teams", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    // Two per team: the third addition meets TEAM_MEMBER_LIMIT.
    server = await startAppServer({ webRoot: WEB_ROOT, env: { TEAM_MEMBER_LIMIT: "2" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("creates, renames, staffs and deletes teams; refuses the own team, the last team and a full team", async () => {
    const owner = await openPage(browser);
    const { client } = await signedInUser(server, owner.context, "captain", { name: "Cara Captain" });
    const org = (await client.post("/api/auth/organization/create", { name: "Crew", slug: "crew" })).body;
    // Two more members, through the real invitation calls.
    const crew = [];
    for (const [email, name] of [
      ["mia@example.com", "Mia Member"],
      ["max@example.com", "Max Member"],
    ] as const) {
      const person = await server.signUp(email, { name });
      const invitation = await client.post("/api/auth/organization/invite-member", {
        email,
        role: "member",
        organizationId: org.id,
      });
      expect(
        (await person.client.post("/api/auth/organization/accept-invitation", { invitationId: invitation.body.id }))
          .status,
      ).toBe(200);
      crew.push(person);
    }
    const { page } = owner;

    await page.goto(`${server.url}/org/crew/teams`);
    await page.getByRole("heading", { name: "Teams", level: 2 }).waitFor();
    const teams = page.getByRole("list", { name: "Teams" });
    // The organization's default team holds its creator.
    const crewTeam = teams.locator('[data-team="Crew"]');
    await crewTeam.getByText("1 member of at most 2").waitFor();
    await crewTeam.getByText("Cara Captain").waitFor();

    // Create: a name is required.
    await page.getByRole("button", { name: "Create team" }).click();
    await page.getByText("Enter a team name.").waitFor();
    await page.getByLabel("Team name").fill("Design");
    await page.getByRole("button", { name: "Create team" }).click();
    await page.getByText("The team Design has been created.").waitFor();
    const design = teams.locator('[data-team="Design"]');
    await design.getByText("Nobody is in this team yet.").waitFor();
    await checkScreen(page, "organization-teams");

    // Staff it up to the limit, then one more.
    const choose = async (name: string) => {
      const select = design.getByRole("combobox", { name: "Add a member" });
      await select.selectOption((await select.locator("option", { hasText: name }).getAttribute("value"))!);
      await design.getByRole("button", { name: "Add", exact: true }).click();
    };
    for (const name of ["Mia Member", "Max Member"]) {
      await choose(name);
      await design.getByText(name).waitFor();
    }
    await design.getByText("2 members of at most 2").waitFor();
    await design.getByText("This team is full: it has reached the limit of 2 members.").waitFor();
    await choose("Cara Captain");
    await design
      .getByRole("alert")
      .getByText("Team member limit reached. Take someone out of the team first, or add them to another team.")
      .waitFor();

    // Take one out, rename.
    await design.getByRole("button", { name: "Take Max Member out of Design" }).click();
    await page.getByText("Max Member has been taken out of Design.").waitFor();
    await design.getByText("1 member of at most 2").waitFor();
    await design.getByRole("button", { name: "Rename the team Design" }).click();
    await design.getByLabel("New team name").fill("Product Design");
    await design.getByRole("button", { name: "Save name" }).click();
    await page.getByText("The team is now called Product Design.").waitFor();
    const product = teams.locator('[data-team="Product Design"]');
    await product.getByText("Mia Member").waitFor();

    // A team one belongs to cannot be deleted by oneself (SPEC §5).
    await crewTeam.getByRole("button", { name: "Delete the team Crew" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete the team Crew?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await crewTeam
      .getByRole("alert")
      .getByText("You are not allowed to delete this team. You can't delete a team you belong to or are working in.", {
        exact: false,
      })
      .waitFor();

    // Delete Product Design.
    await product.getByRole("button", { name: "Delete the team Product Design" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete the team Product Design?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await page.getByText("The team Product Design has been deleted.").waitFor();
    expect(owner.pageErrors).toEqual([]);

    // Crew is now the last team: an admin outside it may not delete it either (SPEC §5).
    const [mia, max] = crew;
    const miaMember = (
      await client.get("/api/auth/organization/list-members", { organizationId: org.id })
    ).body.members.find((m: { userId: string }) => m.userId === mia!.user.id);
    expect(
      (
        await client.post("/api/auth/organization/update-member-role", {
          organizationId: org.id,
          memberId: miaMember.id,
          role: "admin",
        })
      ).status,
    ).toBe(200);
    const admin = await openPage(browser);
    await shareSession(admin.context, server, mia!.client);
    await admin.page.goto(`${server.url}/org/crew/teams`);
    const lastTeam = admin.page.getByRole("list", { name: "Teams" }).locator('[data-team="Crew"]');
    await lastTeam.getByRole("button", { name: "Delete the team Crew" }).click();
    await admin.page
      .getByRole("alertdialog", { name: "Delete the team Crew?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await lastTeam
      .getByRole("alert")
      .getByText("Unable to remove the last team. An organization always keeps at least one team.", { exact: false })
      .waitFor();
    const listed = (await client.get("/api/auth/organization/list-teams", { organizationId: org.id })).body;
    expect(listed.map((t: { name: string }) => t.name)).toEqual(["Crew"]);

    // A member sees the teams but none of the controls.
    const member = await openPage(browser);
    // In the dark theme, which axe checks too.
    await member.context.addInitScript(() => localStorage.setItem("tessera.theme", "dark"));
    await shareSession(member.context, server, max!.client);
    await member.page.goto(`${server.url}/org/crew/teams`);
    await member.page.getByRole("list", { name: "Teams" }).locator('[data-team="Crew"]').waitFor();
    expect(await member.page.getByRole("button", { name: /Create team|Rename|Delete|Take .* out|^Add$/ }).count()).toBe(
      0,
    );
    expect(await member.page.locator("html").getAttribute("class")).toContain("dark");
    await checkScreen(member.page, "organization-teams-member-dark");
  });
});
