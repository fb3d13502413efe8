import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { shareSession, uniqueAddress, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { expectAccessible, launchBrowser, openPage } from "./helpers/browser.js";

describe("account settings: API keys", () => {
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

  it("creates a key, shows it once, the key works with fetch, and revoking it ends it", async () => {
    const { client } = await server.signUp(uniqueAddress("apikeys"));
    const { page, context } = await openPage(browser);
    await shareSession(context, server, client);

    await page.goto(`${server.url}/settings/api-keys`);
    await page.getByRole("heading", { name: "API keys", level: 2 }).waitFor();
    await page.getByText("No API keys yet.").waitFor();
    await page.getByRole("button", { name: "Create API key" }).click();
    await page.getByLabel("Name").fill("Nightly report");
    await page.getByLabel(/organizations:read/).check();
    await page.getByLabel("Expires after").selectOption("30");
    await expectAccessible(page, "settings-api-keys-form");
    await page.getByRole("button", { name: "Create key" }).click();

    const panel = page.getByTestId("api-key-secret");
    await panel.getByRole("heading", { name: "Your new API key" }).waitFor();
    const key = (await page.getByTestId("api-key-secret-value").textContent())?.trim() ?? "";
    expect(key).toMatch(/^tsk_[A-Za-z]{64}$/);
    await expectAccessible(page, "settings-api-keys-secret");

    // The key works from the page's own fetch, as a service would send it (no cookie).
    const used = await page.evaluate(async (k) => {
      const res = await fetch("/api/auth/get-session", {
        headers: { Authorization: `Bearer ${k}` },
        credentials: "omit",
      });
      return { status: res.status, body: await res.json() };
    }, key);
    expect(used.status).toBe(200);
    expect(used.body.user.email).toContain("apikeys");

    // Done: the key is gone from the screen for good; the list shows its start only.
    await panel.getByRole("button", { name: "Done" }).click();
    await panel.waitFor({ state: "detached" });
    const row = page.getByTestId("api-key-row").filter({ hasText: "Nightly report" });
    await row.getByText(`${key.slice(0, 8)}…`).waitFor();
    await row.getByText("organizations:read").waitFor();
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(key);

    await row.getByRole("button", { name: "Revoke" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke “Nightly report”?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("No API keys yet.").waitFor();

    const after = await page.evaluate(async (k) => {
      const res = await fetch("/api/auth/get-session", { headers: { "x-api-key": k }, credentials: "omit" });
      return { status: res.status, body: await res.json() };
    }, key);
    expect(after).toMatchObject({ status: 401, body: { code: "INVALID_API_KEY" } });
  });
});
