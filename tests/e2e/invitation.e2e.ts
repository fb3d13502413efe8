import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { realClock, skipAhead } from "../helpers/clock.js";
import { createOrganization, invite as sendInvitation } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { nextMail, signInThroughUi } from "./helpers/flows.js";

describe("invitations", () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestClient;
  let organizationId: string;

  /** The owner invites `email` through the API; resolves with the mail's link to the web app. */
  async function invite(email: string, role = "member") {
    const since = server.mail.messages.length;
    const { id } = await sendInvitation(owner, organizationId, email, role);
    const link = linkIn(await nextMail(server, email, since), "/invitations/");
    return { id, link };
  }

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    ({ client: owner } = await server.signUp("owner@example.com", { name: "Olive Owner" }));
    ({ id: organizationId } = await createOrganization(owner, "acme-research", {
      name: "Acme Research",
      slug: "acme-research",
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("a new user signs up from the invitation, verifies, comes back, and accepts", async () => {
    const { link } = await invite("newbie@example.com", "admin");
    const { page, context, pageErrors } = await openPage(browser);
    await page.goto(link);
    await page.getByRole("heading", { name: "You've been invited" }).waitFor();
    await checkScreen(page, "invitation-signed-out");

    await page.getByRole("link", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(new URL(link).pathname);
    await page.getByLabel("Name", { exact: true }).fill("Nina Newbie");
    await page.getByLabel("Email", { exact: true }).fill("newbie@example.com");
    await page.getByLabel("Password", { exact: true }).fill("joining acme today");
    const since = server.mail.messages.length;
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();

    const verify = linkIn(await nextMail(server, "newbie@example.com", since), "/verify-email");
    await page.goto(verify);
    await page.getByRole("heading", { name: "Your email address is verified" }).waitFor();
    await page.getByRole("link", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Join Acme Research" }).waitFor();
    // The inviter by name (issue 22 item 12), with the address under "Invited by".
    await page.getByText("Olive Owner invited you to join Acme Research.").waitFor();
    await page.getByText("owner@example.com", { exact: true }).waitFor();
    await page.getByText("Admin", { exact: true }).waitFor();
    await checkScreen(page, "invitation");
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.getByRole("heading", { name: "You've joined Acme Research" }).waitFor();
    await checkScreen(page, "invitation-accepted");

    await page.getByRole("link", { name: "Go to the organization" }).click();
    const active = page.getByTestId("active-organization");
    await active.getByRole("heading", { name: "Acme Research" }).waitFor();
    await active.getByText("Admin").waitFor();
    await page.getByRole("button", { name: "Switch organization (current: Acme Research)" }).waitFor();
    await checkScreen(page, "home");
    await page.getByRole("button", { name: "Switch organization (current: Acme Research)" }).click();
    await page.getByRole("menuitemradio", { name: "Acme Research" }).waitFor();
    await checkScreen(page, "organization-switcher");
    expect(pageErrors).toEqual([]);

    const members = await owner.get("/api/auth/organization/list-members", { organizationId });
    expect(
      members.body.members.map((m: { user: { email: string }; role: string }) => [m.user.email, m.role]),
    ).toContainEqual(["newbie@example.com", "admin"]);
    await context.close();
  });

  it("someone else signed in sees that it is not theirs, and can switch account", async () => {
    const { link } = await invite("intended@example.com");
    const { password } = await server.signUp("bystander@example.com", { name: "Bea Bystander" });
    const { page, context } = await openPage(browser);
    await signInThroughUi(page, server, "bystander@example.com", password);
    await page.goto(link);
    await page.getByRole("heading", { name: "This invitation is for someone else" }).waitFor();
    await page.getByText("You're signed in as bystander@example.com").waitFor();
    await checkScreen(page, "invitation-wrong-recipient");
    await page.getByRole("button", { name: "Sign out and switch account" }).click();
    await page.waitForURL(
      (u) => u.pathname === "/sign-in" && u.searchParams.get("redirectTo") === new URL(link).pathname,
    );
    await context.close();
  });

  it("a canceled invitation and a declined one say they are no longer valid", async () => {
    const { id, link } = await invite("late@example.com");
    const { password } = await server.signUp("late@example.com", { name: "Lee Late" });
    expect((await owner.post("/api/auth/organization/cancel-invitation", { invitationId: id })).status).toBe(200);
    const { page, context } = await openPage(browser);
    await signInThroughUi(
      page,
      server,
      "late@example.com",
      password,
      `/sign-in?redirectTo=${encodeURIComponent(new URL(link).pathname)}`,
    );
    await page.getByRole("heading", { name: "This invitation is no longer valid" }).waitFor();
    await checkScreen(page, "invitation-canceled");

    const second = await invite("late@example.com");
    await page.goto(second.link);
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByRole("heading", { name: "Invitation declined" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "This invitation is no longer valid" }).waitFor();
    await context.close();
  });
});

describe("an expired invitation", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    // Invitations that expire one second after they are sent.
    server = await startAppServer({ env: { INVITATION_EXPIRES_IN: "1" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    realClock();
    await browser?.close();
    await server?.close();
  });

  it("says it has expired", async () => {
    const { client: owner } = await server.signUp("boss@example.com");
    const org = await createOrganization(owner, "short-lived", { name: "Short Lived", slug: "short-lived" });
    const { password } = await server.signUp("slow@example.com", { name: "Sam Slow" });
    const since = server.mail.messages.length;
    await sendInvitation(owner, org.id, "slow@example.com", "member");
    const link = linkIn(await nextMail(server, "slow@example.com", since), "/invitations/");
    // INVITATION_EXPIRES_IN later on the server's clock, and the browser's clock from there too.
    skipAhead(1000);
    const { page, context } = await openPage(browser);
    await page.clock.install({ time: Date.now() });
    await signInThroughUi(
      page,
      server,
      "slow@example.com",
      password,
      `/sign-in?redirectTo=${encodeURIComponent(new URL(link).pathname)}`,
    );
    await page.getByRole("heading", { name: "This invitation has expired" }).waitFor();
    await checkScreen(page, "invitation-expired");
    await context.close();
  });
});
