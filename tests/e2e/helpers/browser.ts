import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { expect } from "vitest";
import { until } from "../../helpers/wait.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOTS = "tests/e2e/screenshots";

/** Debian's Chromium, headless, with nothing phoning home. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface Watched {
  context: BrowserContext;
  page: Page;
  /** Every alert/confirm/prompt the page tried to open (each is dismissed). */
  dialogs: string[];
  /** Uncaught page errors. */
  pageErrors: string[];
  /**
   * Waits until the page is quiet: none of its requests in flight, and still none after two painted
   * frames (what the last action set off has rendered and asked for). For checking that something did
   * not happen (a dialog, a second message, a 401), instead of a fixed pause.
   */
  settled: () => Promise<void>;
}

/** A fresh context (own cookies and storage) and page, watching for dialogs and uncaught errors. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Watched> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const pageErrors: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on("pageerror", (e) => pageErrors.push(e.message));
  let inFlight = 0;
  page.on("request", () => {
    inFlight += 1;
  });
  page.on("requestfinished", () => {
    inFlight -= 1;
  });
  page.on("requestfailed", () => {
    inFlight -= 1;
  });
  const twoFrames = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const settled = async () => {
    await until("the page to settle (no request in flight across two frames)", async () => {
      if (inFlight > 0) return false;
      await twoFrames();
      return inFlight === 0;
    });
  };
  return { context, page, dialogs, pageErrors, settled };
}

/**
 * Closes the toasts still on screen, so axe does not measure one caught mid-animation. Only the front
 * toast of a stack can be clicked: close whichever can be, wait for one to go, until none is left.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  for (let round = 0; round < 20 && (await toasts.count()) > 0; round++) {
    const before = await toasts.count();
    for (const close of await page.getByRole("button", { name: "Close toast" }).all())
      await close.click({ timeout: 300 }).catch(() => {});
    // Sonner removes a closed toast after its exit animation: wait for that, not for a fixed time.
    await page
      .waitForFunction((n) => document.querySelectorAll("[data-sonner-toast]").length < n, before, { timeout: 2_000 })
      .catch(() => {});
  }
  expect(await toasts.count()).toBe(0);
}

export interface AxeResult {
  screen: string;
  violations: { id: string; impact: string | null | undefined; nodes: number; help: string }[];
}

/** Every axe result of the run, for the report. */
export const axeLog: AxeResult[] = [];

/**
 * Runs axe (WCAG 2.0/2.1/2.2 A and AA plus best practices) on the page and fails on any serious or
 * critical violation; minor and moderate ones are logged.
 */
export async function expectAccessible(page: Page, screen: string) {
  // A toast caught while fading in or out is partly transparent, and axe would measure its
  // contrast against whatever shows through; wait until each toast is fully shown or gone. So is the
  // content of a toast being stacked behind a newer one (sonner fades it to 0): wait until it is 0 or 1,
  // and until no transition runs anywhere in a toast (a title caught mid-fade failed axe once in CI).
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll("[data-sonner-toast]")].every(
          (t) =>
            t.getAttribute("data-removed") !== "true" &&
            t.getAttribute("data-mounted") === "true" &&
            getComputedStyle(t).opacity === "1" &&
            [...t.children].every((c) => ["0", "1"].includes(getComputedStyle(c).opacity)) &&
            t.getAnimations({ subtree: true }).every((a) => a.playState !== "running"),
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  // Only violations are read, so axe need not gather the passing and the needs-review nodes. A page
  // without frames is checked in place (axe.run); AxeBuilder's default runs each frame apart and then
  // merges the parts in a new blank page, which took over half of each check (webhooks.e2e.ts: 16.8 s of
  // axe for 19 screens, 7.7 s in place, the same violations). A page with frames (the dev mailbox's
  // sandboxed mail, another origin) keeps the default, so what is inside them is checked too.
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  const violations = result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.length,
    help: v.help,
  }));
  axeLog.push({ screen, violations });
  // One line per screen for the whole run (git-ignored with the screenshots), for the report.
  mkdirSync(SCREENSHOTS, { recursive: true });
  appendFileSync(join(SCREENSHOTS, "axe-results.jsonl"), `${JSON.stringify({ screen, violations })}\n`);
  const blocking = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(blocking, `axe on ${screen}`).toEqual([]);
  return violations;
}

/** A full-page screenshot under tests/e2e/screenshots/ (git-ignored). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Accessibility check and screenshot of one screen, in one call. */
export async function checkScreen(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

/** One screen at 1280 px and at 390 px (a phone), each checked by axe and photographed. */
export async function checkBothWidths(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}
