import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import type { TestServer } from "../helpers/server.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { nextMail, signInThroughUi } from "./helpers/flows.js";

const SLUG = "acme-audit";

// Issue 7: an organization's owners and admins read its audit log at /org/:slug/audit.
describe("organization audit log", () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestClient;
  let organizationId: string;
  let ownerPassword: string;

  beforeAll(async () => {
    // E2E_WEB_ROOT: a build of one's own, while others rebuild dist/web in the same checkout.
    server = await startAppServer(process.env.E2E_WEB_ROOT ? { webRoot: process.env.E2E_WEB_ROOT } : {});
    browser = await launchBrowser();
    ({ client: owner, password: ownerPassword } = await server.signUp("olga@example.com", { name: "Olga Owner" }));
    const org = await owner.post("/api/auth/organization/create", { name: "Acme Audit", slug: SLUG });
    expect(org.status, org.text).toBe(200);
    organizationId = org.body.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows the owner an invitation being accepted, with who did it, filtered and exported", async () => {
    const { password } = await server.signUp("ian@example.com", { name: "Ian Invitee" });
    const since = server.mail.messages.length;
    const invited = await owner.post("/api/auth/organization/invite-member", {
      email: "ian@example.com",
      role: "member",
      organizationId,
    });
    expect(invited.status, invited.text).toBe(200);
    const link = linkIn(await nextMail(server, "ian@example.com", since), "/invitations/");

    // Ian accepts in his browser, as people do.
    const ian = await openPage(browser);
    const redirectTo = new URLSearchParams({ redirectTo: new URL(link).pathname });
    await signInThroughUi(ian.page, server, "ian@example.com", password, `/sign-in?${redirectTo}`);
    const acceptedCall = ian.page.waitForResponse((r) => r.url().endsWith("/api/auth/organization/accept-invitation"));
    await ian.page.getByRole("button", { name: "Accept invitation" }).click();
    expect((await acceptedCall).status()).toBe(200);

    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, "olga@example.com", ownerPassword);
    await page.goto(`${server.url}/org/${SLUG}`);
    // The organization's own screens lead there, for the roles that may read it.
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Audit log" })
      .click();
    await page.getByRole("heading", { name: "Audit log", level: 2 }).waitFor();
    await page.waitForURL(`${server.url}/org/${SLUG}/audit`);
    expect(await page.title()).toContain("Audit log of Acme Audit");
    const accepted = page.getByTestId("audit-event").filter({ hasText: "Invitation accepted" });
    await accepted.waitFor();
    await accepted.getByText("ian@example.com").waitFor();
    await page
      .getByTestId("audit-event")
      .filter({ hasText: "Invitation sent" })
      .getByText("olga@example.com")
      .waitFor();
    const joined = page.getByTestId("audit-event").filter({ hasText: "Member added" });
    await joined.getByText("an invitation").waitFor();
    await checkScreen(page, "audit-organization");

    // Only this organization's events: Ian's sign-in is the site's, not Acme's.
    expect(await page.getByTestId("audit-event").filter({ hasText: "Signed in" }).count()).toBe(0);

    await page.getByLabel("Who").fill("ian@example.com");
    await page.getByLabel("What").selectOption({ label: "Invitation accepted" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("1 event", { exact: true }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get("actor")).toBe("ian@example.com");
    expect(url.searchParams.get("action")).toBe("invitation.accepted");
    const href = await page.getByRole("link", { name: "Export as CSV" }).getAttribute("href");
    const csv = await page.evaluate(async (h) => (await fetch(h)).text(), href!);
    expect(csv.trim().split("\r\n")).toHaveLength(2);
    expect(csv).toContain(`invitation.accepted,`);
    expect(csv).toContain(organizationId);

    // A date range with nothing in it, then an impossible one.
    await page.getByLabel("From").fill("2001-01-01");
    await page.getByLabel("To", { exact: true }).fill("2001-01-02");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("No events").waitFor();
    await checkScreen(page, "audit-organization-empty");
    await page.getByLabel("From").fill("2001-02-01");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("The end date is before the start date.").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await accepted.waitFor();

    // Phone and dark.
    for (const [name, options] of [
      ["audit-organization-phone", { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }],
      ["audit-organization-dark", { colorScheme: "dark" as const }],
    ] as const) {
      const watched = await openPage(browser, options);
      await signInThroughUi(watched.page, server, "olga@example.com", ownerPassword);
      await watched.page.goto(`${server.url}/org/${SLUG}/audit`);
      await watched.page
        .locator("[data-testid^=audit-event]:visible")
        .filter({ hasText: "Invitation accepted" })
        .first()
        .waitFor();
      await checkScreen(watched.page, name);
      await watched.context.close();
    }

    // A plain member sees no way there, and if they come anyway, the server refuses and the page says so.
    await ian.page.goto(`${server.url}/org/${SLUG}`);
    await ian.page.getByRole("navigation", { name: "Organization sections" }).waitFor();
    expect(await ian.page.getByRole("link", { name: "Audit log" }).count()).toBe(0);
    await ian.page.goto(`${server.url}/org/${SLUG}/audit`);
    await ian.page.getByText("You can't read this audit log").waitFor();
    await checkScreen(ian.page, "audit-organization-member");
    await ian.context.close();

    // Someone outside the organization learns nothing about it.
    await server.signUp("olivia@example.com", { name: "Olivia Outsider" });
    const outsider = await openPage(browser);
    await signInThroughUi(outsider.page, server, "olivia@example.com", "correct horse battery");
    await outsider.page.goto(`${server.url}/org/${SLUG}/audit`);
    await outsider.page.getByRole("heading", { name: "Organization not found" }).waitFor();
    expect(await outsider.page.getByTestId("audit-event").count()).toBe(0);
    await outsider.page.goto(`${server.url}/org/no-such-org/audit`);
    await outsider.page.getByRole("heading", { name: "Organization not found" }).waitFor();
    await outsider.context.close();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
