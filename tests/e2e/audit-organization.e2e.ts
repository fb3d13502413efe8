import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import type { TestServer } from "../helpers/server.js";
import { linkIn, startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { nextMail, signInThroughUi } from "./helpers/flows.js";

const SLUG = "acme-audit";

/** A better-auth id as it would show if printed: 32 letters and digits. */
const RAW_ID = /(^|[^A-Za-z0-9])[A-Za-z0-9]{32}([^A-Za-z0-9]|$)/;

/**
 * Issue 22 item 2's layout check, on whichever rows are displayed (table rows or phone cards): no two
 * cells' boxes overlap, no cell's text or elements reach outside its own box, nothing scrolls sideways.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const rows = [...document.querySelectorAll("[data-testid=audit-event], [data-testid=audit-event-card]")].filter(
      shown,
    );
    if (!rows.length) problems.push("no rows displayed");
    rows.forEach((row, r) => {
      const cells = (
        row.tagName === "TR" ? [...row.children] : [...row.querySelectorAll(":scope > div > *, :scope > dl > *")]
      ).filter(shown) as HTMLElement[];
      const boxes = cells.map((c) => c.getBoundingClientRect());
      boxes.forEach((a, i) => {
        const cell = cells[i]!;
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`row ${r} cell ${i}: cut off (scrollWidth)`);
        boxes.forEach((b, j) => {
          if (j <= i) return;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && h > 1) problems.push(`row ${r}: cells ${i} and ${j} overlap`);
        });
        // Everything drawn inside the cell (elements and each piece of text) stays inside its box.
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const parts: DOMRect[] = [...cell.querySelectorAll("*")].filter(shown).map((e) => e.getBoundingClientRect());
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent?.trim() || !shown(n.parentElement!)) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          parts.push(...range.getClientRects());
        }
        for (const p of parts)
          if (p.width > 0 && (p.left < a.left - 1 || p.right > a.right + 1))
            problems.push(`row ${r} cell ${i}: content outside its box (${cell.textContent?.slice(0, 40)})`);
      });
      const box = row.getBoundingClientRect();
      if (box.right > document.documentElement.clientWidth + 1) problems.push(`row ${r}: wider than the window`);
    });
    const table = document.querySelector("table");
    const scroller = table?.parentElement;
    if (scroller && shown(table) && scroller.scrollWidth > scroller.clientWidth + 1) problems.push("table scrolls");
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
      problems.push("page scrolls sideways");
    return problems;
  });
}

/** The displayed log's text: names, no ids. */
async function shownLogText(page: Page): Promise<string> {
  const parts = await page.locator("[data-testid^=audit-event]:visible").allInnerTexts();
  return parts.join("\n");
}

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
    // Who by name and e-mail; the invitation by the address it went to.
    await accepted.getByText("Ian Invitee").waitFor();
    expect(await accepted.getByText("ian@example.com").count()).toBe(2);
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
  it("names people and teams instead of ids, and lays rows out without overlap at 1280 and 390 px", async () => {
    const longName = "Maximiliane Müller-Lüdenscheidt";
    const longEmail = "maximiliane.mueller-luedenscheidt@a-rather-long-company-domain.example.com";
    const { client: max, user: maxUser } = await server.signUp(longEmail, { name: longName });
    const since = server.mail.messages.length;
    const invited = await owner.post("/api/auth/organization/invite-member", {
      email: longEmail,
      role: "member",
      organizationId,
    });
    expect(invited.status, invited.text).toBe(200);
    await nextMail(server, longEmail, since);
    const joined = await max.post("/api/auth/organization/accept-invitation", { invitationId: invited.body.id });
    expect(joined.status, joined.text).toBe(200);
    const team = await owner.post("/api/auth/organization/create-team", {
      name: "Platform Reliability and Incident Response",
      organizationId,
    });
    expect(team.status, team.text).toBe(200);
    const added = await owner.post("/api/auth/organization/add-team-member", {
      teamId: team.body.id,
      userId: maxUser.id,
    });
    expect(added.status, added.text).toBe(200);

    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const { page, context, pageErrors } = await openPage(browser, {
        viewport: { width, height },
        ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
      });
      await signInThroughUi(page, server, "olga@example.com", ownerPassword);
      await page.goto(`${server.url}/org/${SLUG}/audit`);
      const teamRow = page.locator("[data-testid^=audit-event]:visible").filter({ hasText: "Added to a team" }).first();
      await teamRow.waitFor();
      // Names and e-mails, the team by its name; no raw id anywhere in the displayed log.
      await teamRow.getByText(longName).waitFor();
      await teamRow.getByText("Platform Reliability and Incident Response").waitFor();
      const text = await shownLogText(page);
      expect(text).toContain("Olga Owner");
      expect(text).not.toMatch(RAW_ID);
      expect(text).not.toContain(maxUser.id);
      expect(await layoutProblems(page), `${width} px`).toEqual([]);
      await checkScreen(page, `audit-organization-names-${width}`);

      // The ids are a click away, in the row's own detail.
      await teamRow.getByText("IDs and browser").click();
      await teamRow.getByText(maxUser.id).waitFor();
      await teamRow.getByText(team.body.id).waitFor();
      expect(await layoutProblems(page), `${width} px, detail open`).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });

  it("shows a site admin why a sign-in failed, in words, instead of the engine's code", async () => {
    const {
      client: adminClient,
      user: admin,
      password: adminPassword,
    } = await server.signUp("ada@example.com", { name: "Ada Admin" });
    await (await server.running.auth.$context).internalAdapter.updateUser(admin.id, { role: "admin" });
    const { user: banned, password } = await server.signUp("bert@example.com", { name: "Bert Banned" });
    const ban = await adminClient.post("/api/auth/admin/ban-user", { userId: banned.id });
    expect(ban.status, ban.text).toBe(200);
    const refused = await server.client().post("/api/auth/sign-in/email", { email: "bert@example.com", password });
    expect(refused.body.code).toBe("BANNED_USER");

    for (const [language, width, message] of [
      [3, 1280, "You have been banned from this application."],
      [6, 390, "Sie wurden für diese Anwendung gesperrt."],
    ] as const) {
      // The admin's own language, which the app switches to once signed in.
      expect((await adminClient.post("/api/auth/update-user", { language })).status).toBe(200);
      const { page, context, pageErrors } = await openPage(browser, { viewport: { width, height: 844 } });
      await signInThroughUi(page, server, "ada@example.com", adminPassword);
      await page.goto(`${server.url}/admin/audit?action=sign_in.failed`);
      const row = page.locator("[data-testid^=audit-event]:visible").first();
      await row.getByText(message).waitFor();
      await row.getByText("Bert Banned").waitFor();
      expect(await shownLogText(page)).not.toContain("BANNED_USER");
      expect(await layoutProblems(page), `${width} px`).toEqual([]);
      await checkScreen(page, `audit-site-failed-${width}`);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });
});
