import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { realClock, skipAhead } from "../helpers/clock.js";
import {
  followProviderRedirect,
  type OidcProvider,
  socialSignIn,
  startOidcProvider,
} from "../helpers/oidc-provider.js";
import type { TestServer } from "../helpers/server.js";
import { shareSession, signedInUser, uniqueAddress, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

describe("account settings: linked accounts and a first password, with a real OpenID provider", () => {
  let idp: OidcProvider;
  let server: TestServer;
  let browser: Browser;
  const env = () => ({
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: "acme",
        name: "Acme ID",
        discoveryUrl: idp.discoveryUrl,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    ]),
  });
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-e2e", clientSecret: "e2e-provider-secret" });
    server = await startAppServer({ webRoot: WEB_ROOT, env: env() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await idp?.close();
  });

  async function providers(client: TestClient) {
    const res = await client.get("/api/auth/list-accounts");
    return (res.body as { providerId: string }[]).map((a) => a.providerId).sort();
  }

  it("links the provider through its sign-in page and unlinks it again", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    const { client, user } = await signedInUser(server, context, "linker");
    await page.goto(`${server.url}/settings/accounts`);
    await page.getByRole("heading", { name: "Linked accounts", level: 2 }).waitFor();
    const ways = page.getByRole("list", { name: "Ways to sign in" });
    await ways.getByText("Email and password").waitFor();
    await ways.getByText(`Sign in with ${user.email}`).waitFor();
    await checkScreen(page, "settings-accounts");

    idp.signInAs({ sub: "linker-sub", email: user.email, emailVerified: true, name: "Linker" });
    await page.getByRole("button", { name: "Link Acme ID" }).click();
    await page.waitForURL(/\/settings\/accounts\?linked=acme$/);
    await page.getByText("Your Acme ID account is now linked. You can use it to sign in.").waitFor();
    await ways.getByText("Acme ID", { exact: true }).waitFor();
    await ways.getByText(/^Linked on /).waitFor();
    await page.getByText("Every sign-in provider on this server is already linked.").waitFor();
    expect(await providers(client)).toEqual(["acme", "credential"]);

    await page.getByRole("button", { name: "Unlink Acme ID" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Unlink Acme ID?" });
    await dialog.getByText("You won't be able to sign in with Acme ID until you link it again.").waitFor();
    await dialog.getByRole("button", { name: "Unlink" }).click();
    await page.getByText("Acme ID has been unlinked.").waitFor();
    await page.getByRole("button", { name: "Link Acme ID" }).waitFor();
    expect(await providers(client)).toEqual(["credential"]);
    expect(pageErrors).toEqual([]);
  });

  it("a provider-only user cannot unlink the last account, and sets a first password", async () => {
    const email = uniqueAddress("social");
    idp.signInAs({ sub: `sub-${email}`, email, emailVerified: true, name: "Social Only" });
    const client = server.client();
    expect((await socialSignIn(client, "acme")).location).toBe("/dashboard");
    const { page, context } = await openPage(browser);
    await shareSession(context, server, client);

    await page.goto(`${server.url}/settings/accounts`);
    await page.getByRole("button", { name: "Unlink Acme ID" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Unlink" }).click();
    await page.getByRole("alert").getByText("You can't unlink your last account.").waitFor();
    expect(await providers(client)).toEqual(["acme"]);

    await page
      .getByRole("navigation", { name: "Account settings sections" })
      .getByRole("link", { name: "Password" })
      .click();
    await page.getByRole("heading", { name: "Set a password", level: 2 }).waitFor();
    await page
      .getByText(`You sign in with Acme ID. Add a password to also sign in with your email address, ${email}.`)
      .waitFor();
    await checkScreen(page, "settings-password-set");
    await page.getByLabel("New password", { exact: true }).fill("my first password");
    await page.getByLabel("Repeat the new password", { exact: true }).fill("my first password");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByText("Your password is set. You can now also sign in with your email address.").waitFor();
    // Now it is an ordinary password account: the change form replaces the set form.
    await page.getByRole("heading", { name: "Password", level: 2 }).waitFor();
    await page.getByLabel("Current password").waitFor();
    expect(
      (await server.client().post("/api/auth/sign-in/email", { email, password: "my first password" })).status,
    ).toBe(200);
  });

  it("asks for a fresh sign-in when the session is too old to unlink", async () => {
    const stale = await startAppServer({ webRoot: WEB_ROOT, env: { ...env(), SESSION_FRESH_AGE: "1" } });
    try {
      const { page, context } = await openPage(browser);
      const { client, user } = await signedInUser(stale, context, "stale");
      idp.signInAs({ sub: "stale-sub", email: user.email, emailVerified: true });
      const start = await client.post("/api/auth/link-social", { provider: "acme", callbackURL: "/settings/accounts" });
      expect((await followProviderRedirect(client, start.body.url)).location).toBe("/settings/accounts");
      skipAhead(1000); // SESSION_FRESH_AGE: the session is now too old

      await page.goto(`${stale.url}/settings/accounts`);
      await page.getByRole("button", { name: "Unlink Acme ID" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Unlink" }).click();
      const alert = page.getByRole("alert");
      await alert
        .getByText("For your safety, this needs a recent sign-in. Sign in again, then try once more.")
        .waitFor();
      await alert.getByRole("button", { name: "Sign in again" }).click();
      await page.waitForURL(/\/sign-in\?redirectTo=%2Fsettings%2Faccounts$/);
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
    } finally {
      realClock();
      await stale.close();
    }
  });
});
