import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../helpers/auth-flows.js";
import type { TestServer } from "../helpers/server.js";
import { signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkBothWidths, checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { signOut } from "./helpers/flows.js";

/** A credential as CDP's WebAuthn domain hands it out and takes it in. */
interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  privateKey: string;
  signCount: number;
  rpId?: string;
  userHandle?: string;
}

/** Chromium's virtual authenticator (CDP WebAuthn domain): a platform passkey store that always says yes. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials as VirtualCredential[];
    },
    /** Puts another device's passkey into this one (as a password manager syncing it would). */
    async add(credential: VirtualCredential) {
      await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
    },
  };
}

/** The audit log's events of one action about a user (docs/mfa.md "Server rules"). */
async function audited(server: TestServer, userId: string, action: string) {
  const events = await rows(server, "audit_event", { targetId: userId, action });
  return events.map((e) => ({ actorId: e.actorId, detail: e.detail ? JSON.parse(e.detail) : null }));
}

describe("passkeys in the browser (Chromium's virtual authenticator)", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    // WebAuthn needs a host name: BASE_URL http://localhost:<port>.
    server = await startAppServer({ webRoot: WEB_ROOT, localhost: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("adds, renames and removes a passkey, and signs in with it without the second step", async () => {
    expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
    const { page, context, pageErrors } = await openPage(browser);
    // This browser offers no passkey autofill, so the button is what signs in (autofill: the next test).
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const authenticator = await virtualAuthenticator(context, page);
    const person = await signedInUser(server, context, "passkey", { name: "Pat Passkey" });
    const mailsBefore = server.mail.messages.length;

    await page.goto(`${server.url}/settings/security`);
    await page.getByText("You have no passkeys yet.").waitFor();
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByRole("form", { name: "Add a passkey" }).waitFor();
    await checkScreen(page, "security-passkey-add");
    // No name typed: named after the browser and system (the virtual authenticator is anonymous).
    await page.getByRole("button", { name: "Create passkey" }).click();
    await page.getByText("Passkey added.").waitFor();
    const list = page.getByRole("list", { name: "Your passkeys" });
    const item = list.getByRole("listitem");
    expect(await item.count()).toBe(1);
    const text = (await item.textContent()) ?? "";
    expect(text).toMatch(/Chrome.* on Linux/);
    expect(text).toContain("On one device only");
    expect(await authenticator.credentials()).toHaveLength(1);
    await checkBothWidths(page, "security-passkeys");
    // The owner is told by mail, and the audit log has it (issue 16).
    const notice = await server.mail.waitFor(person.user.email, /passkey was added/, { since: mailsBefore });
    expect(notice.text).toContain(person.user.email);
    expect(await audited(server, person.user.id, "passkey.added")).toEqual([
      expect.objectContaining({ actorId: person.user.id }),
    ]);

    const defaultName = (await item.locator("span.font-medium").textContent())!;
    await page.getByRole("button", { name: `Rename ${defaultName}` }).click();
    await item.getByRole("textbox", { name: "Name" }).fill("Work laptop");
    await item.getByRole("button", { name: "Save" }).click();
    await list.getByText("Work laptop").waitFor();

    // Two-step on (codes by e-mail): a passkey still signs in on its own, as a strong factor.
    expect(
      (await person.client.post("/api/auth/two-factor/enable", { password: person.password, method: "otp" })).status,
    ).toBe(200);
    await signOut(page, "Pat Passkey");
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("autocomplete")).toBe("username webauthn");
    await checkBothWidths(page, "sign-in-with-passkey");
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    // Signed in: on to home, or back where the sign-out left from (?redirectTo=), whichever it carried.
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.getByRole("button", { name: "Account menu for Pat Passkey" }).waitFor();
    const passkeySignIns = (await rows(server, "audit_event", { actorId: person.user.id, action: "sign_in.succeeded" }))
      .map((e) => (e.detail ? JSON.parse(e.detail) : null))
      .filter((d) => d?.method === "passkey");
    expect(passkeySignIns).toHaveLength(1);
    await page.goto(`${server.url}/settings/security`);

    // Removed here, the passkey no longer signs in, though the device still holds it.
    await page.getByRole("button", { name: "Remove Work laptop" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Remove Work laptop?").waitFor();
    await checkScreen(page, "security-passkey-remove");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await page.getByText("You have no passkeys yet.").waitFor();
    expect(await audited(server, person.user.id, "passkey.removed")).toEqual([
      expect.objectContaining({ actorId: person.user.id }),
    ]);
    await signOut(page, "Pat Passkey");
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await page.getByRole("alert").getByText("This passkey is not known here. It may have been removed.").waitFor();
    expect(await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()))).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it("offers the passkey in the e-mail field's autofill (conditional UI) where the browser can", async () => {
    const first = await openPage(browser);
    await first.context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const device = await virtualAuthenticator(first.context, first.page);
    await signedInUser(server, first.context, "autofill", { name: "Ada Autofill" });
    await first.page.goto(`${server.url}/settings/security`);
    await first.page.getByRole("button", { name: "Add a passkey" }).click();
    await first.page.getByRole("textbox", { name: "Name" }).fill("Phone");
    await first.page.getByRole("button", { name: "Create passkey" }).click();
    await first.page.getByText("Passkey added.").waitFor();
    const [credential] = await device.credentials();

    // A browser with autofill: the passkey request starts as the screen opens; Chromium's virtual
    // authenticator answers it as a person picking the passkey from the e-mail field's list would.
    const { page, context, pageErrors } = await openPage(browser);
    const second = await virtualAuthenticator(context, page);
    await second.add(credential!);
    // One challenge per visit: the engine keeps only a browser's latest one, so a second request
    // (the screen mounting twice) made the autofill answer fail now and then.
    const challenges: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/passkey/generate-authenticate-options")) challenges.push(r.url());
    });
    await page.goto(`${server.url}/sign-in`);
    await page.waitForURL((url) => url.pathname === "/");
    expect(challenges).toHaveLength(1);
    await page.getByRole("button", { name: "Account menu for Ada Autofill" }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
