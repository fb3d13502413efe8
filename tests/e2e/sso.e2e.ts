import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import { type OidcProvider, startOidcProvider } from "../helpers/oidc-provider.js";
import { createOrganization, joinQuickly, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { signInThroughUi } from "./helpers/flows.js";

const SLUG = "acme-sso";
const DOMAIN = "acme-sso.example";

// docs/sso.md "Verified domains": the owner's Single sign-on screen in Chromium, against the real server
// and a real DNS server on 127.0.0.1 (DNS_SERVERS) where the test publishes what the screen shows.
describe("Single sign-on setup screen", () => {
  let dns: TestDnsServer;
  let idp: OidcProvider;
  let server: TestServer;
  let browser: Browser;
  let member: Person;

  beforeAll(async () => {
    dns = await startDnsServer();
    idp = await startOidcProvider({ clientId: "acme-tessera", clientSecret: "acme-secret" });
    server = await startAppServer({
      // The identity provider listens on 127.0.0.1: allowed as an internal provider by TRUSTED_ORIGINS.
      env: { DNS_SERVERS: dns.address, TRUSTED_ORIGINS: idp.origin },
      ...(process.env.E2E_WEB_ROOT ? { webRoot: process.env.E2E_WEB_ROOT } : {}),
    });
    browser = await launchBrowser();
    const owner = await server.signUp("olga@example.com", { name: "Olga Owner" });
    const org = await createOrganization(owner.client, SLUG, { name: "Acme SSO", slug: SLUG });
    member = await signUpPerson(server, "max-member", "Max Member");
    await joinQuickly(owner.client, org.id, member, "member");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await dns?.close();
    await idp?.close();
  });

  it("lets an owner add a domain, shows the TXT record, verifies it once published, and removes it", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await signInThroughUi(page, server, "olga@example.com", "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}`);
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Single sign-on" })
      .click();
    await page.waitForURL(`${server.url}/org/${SLUG}/sso`);
    await page.getByText("No domain yet.", { exact: false }).waitFor();
    expect(await page.title()).toContain("Single sign-on of Acme SSO");
    await checkScreen(page, "sso-no-domain");

    // Not a domain: the server's message, in words.
    await page.getByLabel("Domain").fill("not a domain");
    await page.getByRole("button", { name: "Add domain" }).click();
    await page.getByText("Enter a domain name such as example.com.").waitFor();

    await page.getByLabel("Domain").fill(DOMAIN.toUpperCase());
    await page.getByRole("button", { name: "Add domain" }).click();
    await page.getByTestId("sso-record-name").waitFor();
    expect((await page.getByTestId("sso-domain").textContent())?.trim()).toBe(DOMAIN);
    const name = (await page.getByTestId("sso-record-name").textContent())!.trim();
    const value = (await page.getByTestId("sso-record-value").textContent())!.trim();
    expect(name).toMatch(new RegExp(`^_tessera-org-[A-Za-z0-9_-]+\\.${DOMAIN.replace(".", "\\.")}$`));
    await page.getByRole("button", { name: "Copy Value" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await checkScreen(page, "sso-domain-pending");

    // Verify before publishing: refused with the reason.
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("The DNS TXT record was not found.", { exact: false }).waitFor();
    expect(await page.getByTestId("sso-domain-status").textContent()).toContain("Not verified yet");

    // Published: verified.
    dns.setTxt(name, [value]);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("sso-domain-status").getByText("Verified", { exact: true }).waitFor();
    expect(await page.getByTestId("sso-record-name").count()).toBe(0);
    await page.reload();
    await page.getByTestId("sso-domain-status").getByText("Verified", { exact: true }).waitFor();
    await checkScreen(page, "sso-domain-verified");

    // Removed: back to none.
    await page.getByRole("button", { name: "Remove domain" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove domain" }).click();
    await page.getByText("No domain yet.", { exact: false }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("lets an owner connect the identity provider, and a domain user signs in with SSO and joins", async () => {
    const owner = await openPage(browser);
    await signInThroughUi(owner.page, server, "olga@example.com", "correct horse battery");
    await owner.page.goto(`${server.url}/org/${SLUG}/sso`);
    await owner.page.getByLabel("Domain").fill(DOMAIN);
    await owner.page.getByRole("button", { name: "Add domain" }).click();
    const name = (await owner.page.getByTestId("sso-record-name").textContent())!.trim();
    const value = (await owner.page.getByTestId("sso-record-value").textContent())!.trim();
    dns.setTxt(name, [value]);
    await owner.page.getByRole("button", { name: "Verify" }).click();
    await owner.page.getByTestId("sso-domain-status").getByText("Verified", { exact: true }).waitFor();

    expect((await owner.page.getByTestId("sso-redirect-url").textContent())?.trim()).toMatch(
      new RegExp(`^${server.url}/api/auth/sso/callback/org-`),
    );
    await owner.page.getByLabel("Issuer URL").fill(idp.issuer);
    await owner.page.getByLabel("Client ID").fill(idp.clientId);
    await owner.page.getByLabel("Client secret").fill(idp.clientSecret);
    await owner.page.getByRole("button", { name: "Save" }).click();
    await owner.page.getByText("Off: nobody is sent to your identity provider yet.").waitFor();
    await owner.page.getByRole("button", { name: "Test connection" }).click();
    await owner.page
      .getByTestId("sso-test-result")
      .getByText(`The identity provider answered: ${idp.issuer}`)
      .waitFor();
    await owner.page.getByRole("button", { name: "Turn on" }).click();
    await owner.page.getByText("On: people of the domain sign in", { exact: false }).waitFor();
    await owner.page.getByRole("button", { name: "Turn off" }).waitFor();
    // Once the toasts are gone: one caught fading measures its contrast against the page behind it.
    await owner.page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    await checkScreen(owner.page, "sso-connection-on");
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();

    // A person of the domain, new to Tessera, on the sign-in screen.
    idp.signInAs({ sub: "nina-1", email: `nina@${DOMAIN}`, emailVerified: true, name: "Nina Domain" });
    const { page, context, pageErrors } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel("Email", { exact: true }).fill(`nina@${DOMAIN}`);
    const offer = page.getByTestId("sso-offer");
    await offer.waitFor();
    await checkScreen(page, "sso-sign-in-offer");
    await offer.getByRole("button", { name: "Continue with SSO" }).click();
    await page.waitForURL(
      (url) => url.origin === server.url && !url.pathname.startsWith("/sign-in") && !url.pathname.startsWith("/api/"),
    );
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session.user.email).toBe(`nina@${DOMAIN}`);
    const orgs = await page.evaluate(() => fetch("/api/auth/organization/list").then((r) => r.json()));
    expect(orgs.map((o: { slug: string }) => o.slug)).toEqual([SLUG]);
    // Another address gets no offer.
    const other = await openPage(browser);
    await other.page.goto(`${server.url}/sign-in`);
    const checked = other.page.waitForResponse((r) => r.url().endsWith("/api/sso/check"));
    await other.page.getByLabel("Email", { exact: true }).fill("someone@elsewhere.example");
    expect((await (await checked).json()).sso).toBe(false);
    expect(await other.page.getByTestId("sso-offer").count()).toBe(0);
    await other.context.close();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("lets the owner choose who joins and require SSO; the sign-in screen then offers only SSO", async () => {
    const owner = await openPage(browser);
    await signInThroughUi(owner.page, server, "olga@example.com", "correct horse battery");
    await owner.page.goto(`${server.url}/org/${SLUG}/sso`);
    // A second domain: its own record, verified on its own; the first stays as it was.
    const second = "acme-sso-two.example";
    await owner.page.getByLabel("Domain", { exact: true }).fill(second);
    await owner.page.getByRole("button", { name: "Add domain" }).click();
    const item = owner.page.getByRole("listitem", { name: second });
    await item.getByTestId("sso-record-name").waitFor();
    const secondName = (await item.getByTestId("sso-record-name").textContent())!.trim();
    expect(secondName).toMatch(new RegExp(`\\.${second.replaceAll(".", "\\.")}$`));
    dns.setTxt(secondName, [(await item.getByTestId("sso-record-value").textContent())!.trim()]);
    await item.getByRole("button", { name: "Verify" }).click();
    await item.getByTestId("sso-domain-status").getByText("Verified", { exact: true }).waitFor();
    expect(await owner.page.getByTestId("sso-domain-item").count()).toBe(2);
    // Once the toasts are gone: one caught fading measures its contrast against the page behind it.
    await owner.page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    await checkScreen(owner.page, "sso-domains");
    const policy = owner.page.getByTestId("sso-auto-join");
    await policy.waitFor();
    // A new setup: nobody joins by domain until the owner chooses.
    expect(await owner.page.getByRole("radio", { name: "Nothing happens" }).isChecked()).toBe(true);
    await owner.page.getByRole("radio", { name: "They get an invitation" }).check();
    await owner.page.getByRole("button", { name: "Apply" }).click();
    await owner.page.getByText("Saved", { exact: true }).waitFor();
    await owner.page.reload();
    await owner.page.getByTestId("sso-auto-join").waitFor();
    expect(await owner.page.getByRole("radio", { name: "They get an invitation" }).isChecked()).toBe(true);
    const required = owner.page.getByRole("checkbox", {
      name: "People of the domain sign in only with your identity provider",
    });
    expect(await required.isChecked()).toBe(false);
    await required.check();
    await owner.page.getByText("Single sign-on is now required").waitFor();
    expect(await required.isChecked()).toBe(true);
    await owner.page.getByTestId("sso-auto-join").scrollIntoViewIfNeeded();
    // Once the toasts are gone: one caught fading measures its contrast against the page behind it.
    await owner.page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    await checkScreen(owner.page, "sso-policy");
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();

    // Someone of the domain on the sign-in screen: no password field, only "Continue with SSO".
    const { page, context, pageErrors } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel("Email", { exact: true }).fill(`nina@${DOMAIN}`);
    await page.getByText("Your organization requires single sign-on for this address", { exact: false }).waitFor();
    expect(await page.getByLabel("Password", { exact: true }).count()).toBe(0);
    await page.getByTestId("sso-offer").getByRole("button", { name: "Continue with SSO" }).waitFor();
    await checkScreen(page, "sso-sign-in-required");
    // Another address still has its password.
    await page.getByLabel("Email", { exact: true }).fill("someone@elsewhere.example");
    await page.getByLabel("Password", { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("has no Single sign-on tab for a member, and the screen says so when opened directly", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await signInThroughUi(page, server, member.user.email, "correct horse battery");
    await page.goto(`${server.url}/org/${SLUG}`);
    await page
      .getByRole("navigation", { name: "Organization sections" })
      .getByRole("link", { name: "Members" })
      .waitFor();
    expect(await page.getByRole("link", { name: "Single sign-on" }).count()).toBe(0);
    await page.goto(`${server.url}/org/${SLUG}/sso`);
    await page.getByText("Only owners and admins set up single sign-on").waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
