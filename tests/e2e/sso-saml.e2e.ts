import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import { type SamlIdp, startSamlIdp } from "../helpers/saml-idp.js";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { signInThroughUi } from "./helpers/flows.js";

const SLUG = "acme-saml";
const DOMAIN = "acme-saml.example";

// docs/sso.md "SAML": the owner sets up a SAML 2.0 identity provider on the Single sign-on screen in Chromium,
// and a person of the domain signs in through it: the browser goes to the IdP (samlify, over HTTP), whose
// page posts the signed response back to Tessera's ACS, as a real IdP's does.
describe("Single sign-on through a SAML identity provider", () => {
  let dns: TestDnsServer;
  let idp: SamlIdp;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    dns = await startDnsServer();
    idp = await startSamlIdp();
    server = await startAppServer({
      env: { DNS_SERVERS: dns.address },
      ...(process.env.E2E_WEB_ROOT ? { webRoot: process.env.E2E_WEB_ROOT } : {}),
    });
    browser = await launchBrowser();
    const owner = await server.signUp("sara@example.com", { name: "Sara Owner" });
    const org = await owner.client.post("/api/auth/organization/create", { name: "Acme SAML", slug: SLUG });
    expect(org.status, org.text).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await dns?.close();
    await idp?.close();
  });

  it("lets an owner set up the SAML IdP from its metadata, and a domain user signs in with SSO and joins", async () => {
    const owner = await openPage(browser);
    await owner.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const { page } = owner;
    await signInThroughUi(page, server, "sara@example.com", "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}/sso`);
    await page.getByLabel("Domain").fill(DOMAIN);
    await page.getByRole("button", { name: "Add domain" }).click();
    const name = (await page.getByTestId("sso-record-name").textContent())!.trim();
    const value = (await page.getByTestId("sso-record-value").textContent())!.trim();
    dns.setTxt(name, [value]);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("sso-domain-status").getByText("Verified", { exact: true }).waitFor();

    // SAML instead of OpenID Connect: Tessera's values to copy into the IdP.
    await page.getByRole("radio", { name: "SAML 2.0" }).check();
    const acs = (await page.getByTestId("sso-saml-acs-url").textContent())!.trim();
    expect(acs).toMatch(new RegExp(`^${server.url}/api/auth/sso/saml2/sp/acs/org-`));
    await page.getByRole("button", { name: "Copy ACS URL (assertion consumer service)" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(acs);
    const metadataUrl = (await page.getByTestId("sso-saml-metadata-url").textContent())!.trim();
    expect((await page.getByTestId("sso-saml-entity-id").textContent())!.trim()).toBe(metadataUrl);

    // Not metadata: the server's message, in words.
    await page.getByLabel("IdP metadata XML").fill("<html/>");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The identity provider's SAML metadata could not be used.").waitFor();

    await page.getByLabel("IdP metadata XML").fill(idp.metadata);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Off: nobody is sent to your identity provider yet.").waitFor();
    expect(await page.getByTestId("sso-saml-idp").textContent()).toContain(idp.entityId);
    // The IdP's administrator imports Tessera's SP metadata (served now that a SAML connection is saved).
    const spMetadata = await fetch(metadataUrl);
    expect(spMetadata.status).toBe(200);
    idp.trust(await spMetadata.text());

    await page.getByRole("button", { name: "Test connection" }).click();
    await page
      .getByTestId("sso-test-result")
      .getByText(`The metadata is readable: ${idp.entityId}`, { exact: false })
      .waitFor();
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("On: people of the domain sign in", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Turn off" }).waitFor();
    await checkScreen(page, "sso-saml-on");
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();

    // A person of the domain, new to Tessera, on the sign-in screen.
    const person = await openPage(browser);
    await person.page.goto(`${server.url}/sign-in`);
    await person.page.getByLabel("Email", { exact: true }).fill(`nora@${DOMAIN}`);
    const offer = person.page.getByTestId("sso-offer");
    await offer.waitFor();
    idp.answerNext({ email: `nora@${DOMAIN}`, name: "Nora Domain" });
    await offer.getByRole("button", { name: "Continue with SSO" }).click();
    await person.page.waitForURL(
      (url) => url.origin === server.url && !url.pathname.startsWith("/sign-in") && !url.pathname.startsWith("/api/"),
    );
    const session = await person.page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session.user.email).toBe(`nora@${DOMAIN}`);
    expect(session.user.name).toBe("Nora Domain");
    const orgs = await person.page.evaluate(() => fetch("/api/auth/organization/list").then((r) => r.json()));
    expect(orgs.map((o: { slug: string }) => o.slug)).toEqual([SLUG]);
    await checkScreen(person.page, "sso-saml-signed-in");
    expect(person.pageErrors).toEqual([]);
    await person.context.close();
  });

  it("ends a refused response (here an IdP-initiated one) on the error page, in words", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel("Email", { exact: true }).fill(`otto@${DOMAIN}`);
    await page.getByTestId("sso-offer").waitFor();
    idp.answerNext({ email: `otto@${DOMAIN}`, inResponseTo: null });
    await page.getByTestId("sso-offer").getByRole("button", { name: "Continue with SSO" }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/error");
    await page
      .getByText("Signing in from the identity provider's portal is not supported.", { exact: false })
      .waitFor();
    expect(await page.getByTestId("error-code").textContent()).toBe("SAML_IDP_INITIATED");
    await checkScreen(page, "sso-saml-refused");
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session).toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
