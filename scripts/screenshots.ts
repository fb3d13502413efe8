/**
 * Fresh screenshots for docs/screenshots/ (issue 22): the home, audit log, settings and organization
 * screens at 1280 px and 390 px, in English and German, of a seeded organization on a real server (the
 * e2e suite's: SQLite, real SMTP catcher, the built web app) in Debian's Chromium.
 *
 *   npx tsx scripts/screenshots.ts          # builds the web app first
 *   SKIP_BUILD=1 npx tsx scripts/screenshots.ts
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { startAppServer } from "../tests/e2e/helpers/app-server.js";
import { launchBrowser } from "../tests/e2e/helpers/browser.js";
import { signInThroughUi } from "../tests/e2e/helpers/flows.js";
import type { TestClient } from "../tests/helpers/client.js";
import type { TestServer } from "../tests/helpers/server.js";

const OUT = "docs/screenshots";
const SLUG = "acme";
const WIDTHS = [
  { width: 1280, height: 800, mobile: false },
  { width: 390, height: 844, mobile: true },
] as const;
const LANGUAGES = [
  { locale: "en", code: 3 },
  { locale: "de", code: 6 },
] as const;

/** What to capture, and how to know the screen has finished loading. */
const SCREENS: {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
  /** On a phone, what to scroll to the top (the screen's point lies below its filters). */
  phoneScrollTo?: string;
}[] = [
  // The organization first: opening it makes it the session's active one, as the header then shows.
  {
    name: "organization",
    path: `/org/${SLUG}/members`,
    ready: (p) => p.locator("main table, main ul").first().waitFor(),
  },
  {
    name: "audit-log",
    path: `/org/${SLUG}/audit`,
    ready: (p) => p.locator("[data-testid^=audit-event]:visible").first().waitFor(),
    phoneScrollTo: "#audit-results",
  },
  { name: "settings", path: "/settings", ready: (p) => p.locator("main form").first().waitFor() },
  { name: "home", path: "/", ready: (p) => p.locator("main h1").first().waitFor() },
];

async function ok(reply: Promise<{ status: number; text: string }>, what: string) {
  const r = await reply;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r as { status: number; text: string; body: any };
}

/** An organization with people in it, a team, a pending invitation, and the audit events all that made. */
async function seed(server: TestServer): Promise<{ owner: TestClient; password: string }> {
  const { client: owner, password } = await server.signUp("olga@example.com", { name: "Olga Owner" });
  const org = await ok(owner.post("/api/auth/organization/create", { name: "Acme Inc", slug: SLUG }), "create org");
  const organizationId = org.body.id as string;
  const people: Record<string, { client: TestClient; id: string }> = {};
  for (const [name, email] of [
    ["Ian Invitee", "ian@example.com"],
    ["María García", "maria.garcia@example.com"],
    ["Kenji Satō", "kenji.sato@example.net"],
  ] as const) {
    const { client, user } = await server.signUp(email, { name });
    const invitation = await ok(
      owner.post("/api/auth/organization/invite-member", { email, role: "member", organizationId }),
      `invite ${email}`,
    );
    await ok(
      client.post("/api/auth/organization/accept-invitation", { invitationId: invitation.body.id }),
      `accept ${email}`,
    );
    people[email] = { client, id: user.id };
  }
  const members = await ok(owner.get("/api/auth/organization/list-members", { organizationId }), "members");
  const maria = members.body.members.find(
    (m: { userId: string }) => m.userId === people["maria.garcia@example.com"]?.id,
  );
  await ok(
    owner.post("/api/auth/organization/update-member-role", { memberId: maria.id, role: "admin", organizationId }),
    "role",
  );
  const team = await ok(owner.post("/api/auth/organization/create-team", { name: "Platform", organizationId }), "team");
  for (const email of ["ian@example.com", "kenji.sato@example.net"])
    await ok(
      owner.post("/api/auth/organization/add-team-member", { teamId: team.body.id, userId: people[email]?.id }),
      `team ${email}`,
    );
  await ok(
    owner.post("/api/auth/organization/invite-member", {
      email: "lena.schmidt@example.org",
      role: "member",
      organizationId,
    }),
    "pending invitation",
  );
  await ok(owner.post("/api/auth/organization/set-active", { organizationId }), "active organization");
  return { owner, password };
}

async function capture(browser: Browser, server: TestServer, owner: TestClient, password: string) {
  mkdirSync(OUT, { recursive: true });
  const written: string[] = [];
  for (const { locale, code } of LANGUAGES) {
    // The owner's own language; the app switches to it once signed in.
    await ok(owner.post("/api/auth/update-user", { language: code }), "language");
    for (const { width, height, mobile } of WIDTHS) {
      const context = await browser.newContext({
        locale: "en-US",
        timezoneId: "Europe/Berlin",
        viewport: { width, height },
        isMobile: mobile,
        hasTouch: mobile,
        colorScheme: "light",
      });
      const page = await context.newPage();
      await signInThroughUi(page, server, "olga@example.com", password);
      for (const screen of SCREENS) {
        await page.goto(`${server.url}${screen.path}`);
        await page.waitForFunction((l) => document.documentElement.lang === l, locale);
        await screen.ready(page);
        await page.waitForLoadState("networkidle");
        const scrollTo = mobile ? screen.phoneScrollTo : undefined;
        await page.evaluate((selector) => {
          if (selector) document.querySelector(selector)?.scrollIntoView({ block: "start" });
          else window.scrollTo(0, 0);
        }, scrollTo);
        // Let fonts and the last render settle.
        await page.waitForTimeout(300);
        const file = `${OUT}/${screen.name}-${locale}-${width}.png`;
        await page.screenshot({ path: file });
        written.push(file);
      }
      await context.close();
    }
  }
  return written;
}

async function main() {
  if (process.env.SKIP_BUILD !== "1") {
    const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("vite build failed");
  }
  const server = await startAppServer();
  const browser = await launchBrowser();
  try {
    const { owner, password } = await seed(server);
    const written = await capture(browser, server, owner, password);
    console.log(written.join("\n"));
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
