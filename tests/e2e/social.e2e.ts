import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcProvider, startOidcProvider } from "../helpers/oidc-provider.js";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

describe("sign-in through a provider from /api/public-config", () => {
  let idp: OidcProvider;
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-web", clientSecret: "web-e2e-secret" });
    server = await startAppServer({
      env: {
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "acme",
            name: "Acme SSO",
            discoveryUrl: idp.discoveryUrl,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
          },
        ]),
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await idp?.close();
  });

  it("shows one button per configured provider, and signs a new user in through it", async () => {
    idp.signInAs({ sub: "sso-1", email: "sso.user@example.com", emailVerified: true, name: "Sso User" });
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/sign-in?redirectTo=%2F%3Fvia%3Dsso`);
    const button = page.getByRole("button", { name: "Continue with Acme SSO" });
    await button.waitFor();
    await checkScreen(page, "sign-in-with-provider");
    await button.click();
    await page.waitForURL(`${server.url}/?via=sso`);
    await page.getByRole("heading", { name: "Welcome, Sso User" }).waitFor();
    await page.getByRole("button", { name: "Account menu for Sso User" }).waitFor();
    await context.close();
  });

  it("a refusal at the provider lands on the error page, translated", async () => {
    idp.denyNextAuthorization();
    const { page, context } = await openPage(browser, { locale: "es-ES" });
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("button", { name: "Continuar con Acme SSO" }).click();
    await page.waitForURL((u) => u.pathname === "/error");
    await page.getByRole("heading", { name: "Error de autenticación" }).waitFor();
    expect(await page.getByTestId("error-code").textContent()).toBe("access_denied");
    await page.getByText("El inicio de sesión se canceló en el proveedor.").waitFor();
    await context.close();
  });
});
