import { createServer, type Server } from "node:http";
import * as oidc from "openid-client";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminWithCli } from "../helpers/org-fixtures.js";
import { freePort } from "../helpers/ports.js";
import type { TestServer } from "../helpers/server.js";
import { shareSession, uniqueAddress, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

/**
 * A tiny relying party, as a team's app would be: node:http and openid-client. /login sends the browser
 * to Tessera with PKCE, state and nonce; /callback redeems the code and greets the user by e-mail.
 */
async function startRelyingParty(issuer: string, port: number, clientId: string, clientSecret: string) {
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const config = await oidc.discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
    execute: [oidc.allowInsecureRequests],
  });
  let checks: { pkceCodeVerifier: string; expectedState: string; expectedNonce: string } | undefined;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", redirectUri);
      if (url.pathname === "/login") {
        const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
        checks = { pkceCodeVerifier, expectedState: oidc.randomState(), expectedNonce: oidc.randomNonce() };
        const target = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: "openid profile email",
          code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
          code_challenge_method: "S256",
          state: checks.expectedState,
          nonce: checks.expectedNonce,
        });
        res.writeHead(302, { location: target.href }).end();
        return;
      }
      if (url.pathname === "/callback" && checks) {
        const tokens = await oidc.authorizationCodeGrant(config, url, checks);
        const claims = tokens.claims();
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><title>Team Wiki</title><h1>Signed in as ${claims?.email}</h1>`);
        return;
      }
      res.writeHead(404).end();
    })().catch((error: Error) => {
      res.writeHead(500, { "content-type": "text/plain" }).end(`RP error: ${error.message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe("Sign in with Tessera in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let rp: Awaited<ReturnType<typeof startRelyingParty>> | undefined;

  beforeAll(async () => {
    server = await startAppServer({ webRoot: WEB_ROOT });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await rp?.close();
    await browser?.close();
    await server?.close();
  });

  it("an admin adds an app; a user signs in to it through Tessera's sign-in and consent, then removes its access", async () => {
    // The admin console: add the app, read its credentials from the one-time panel.
    const admin = await createAdminWithCli(server, "oidc-admin");
    const adminPage = await openPage(browser);
    await shareSession(adminPage.context, server, admin.client);
    await adminPage.page.goto(`${server.url}/admin/oauth-clients`);
    await adminPage.page.getByRole("heading", { name: "Apps that sign in with this site" }).waitFor();
    await adminPage.page.getByRole("button", { name: "Add app" }).click();
    const rpPort = await freePort();
    await adminPage.page.getByRole("textbox", { name: "Name" }).fill("Team Wiki");
    await adminPage.page.getByRole("textbox", { name: "Redirect URIs" }).fill(`http://127.0.0.1:${rpPort}/callback`);
    await checkScreen(adminPage.page, "admin-oauth-client-form");
    await adminPage.page.getByRole("button", { name: "Add app" }).last().click();
    const panel = adminPage.page.getByTestId("oauth-client-secret");
    await panel.waitFor();
    const clientId = (await panel.getByTestId("oauth-client-id").textContent()) ?? "";
    const clientSecret = (await panel.getByTestId("oauth-client-secret-value").textContent()) ?? "";
    expect(clientId).not.toBe("");
    expect(clientSecret.length).toBeGreaterThanOrEqual(32);
    await adminPage.page.getByRole("button", { name: "Done" }).click();
    await adminPage.page
      .getByRole("list", { name: "Apps that sign in with this site" })
      .getByText("Team Wiki")
      .waitFor();
    await checkScreen(adminPage.page, "admin-oauth-clients");

    rp = await startRelyingParty(server.url, rpPort, clientId, clientSecret);

    // A user, signed out in this browser, starts at the app.
    const email = uniqueAddress("oidc-e2e");
    const { password } = await server.signUp(email, { name: "Grace" });
    const { page, pageErrors } = await openPage(browser);
    await page.goto(`${rp.url}/login`);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();

    await page.getByRole("heading", { name: "Allow Team Wiki to use your account?" }).waitFor();
    await page.getByText(`You are signed in as ${email}.`).waitFor();
    await page.getByText("See your email address and whether it is confirmed").waitFor();
    await checkScreen(page, "oauth-consent");
    await page.getByRole("button", { name: "Allow" }).click();

    await page.waitForURL((url) => url.origin === rp?.url);
    await page.getByRole("heading", { name: `Signed in as ${email}` }).waitFor();

    // Remembered: the next sign-in to the app needs no screen of Tessera's at all.
    await page.goto(`${rp.url}/login`);
    await page.getByRole("heading", { name: `Signed in as ${email}` }).waitFor();

    // Settings → Connected apps: the app is listed; removing its access asks again next time.
    await page.goto(`${server.url}/settings/connected-apps`);
    const apps = page.getByRole("list", { name: "Connected apps" });
    await apps.getByText("Team Wiki").waitFor();
    await checkScreen(page, "settings-connected-apps");
    await apps.getByRole("button", { name: "Remove access" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove access" }).click();
    await page.getByText("No app has access to your account.").waitFor();
    await page.goto(`${rp.url}/login`);
    await page.getByRole("heading", { name: "Allow Team Wiki to use your account?" }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
