// Long, one subject: a test per kind of mail (each in a language), one server per database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailLocales } from "../../src/server/mail/mail-locales.js";
import { LANGUAGES, type Locale } from "../../src/shared/languages.js";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import type { CaughtMail } from "../helpers/mail-catcher.js";
import { followProviderRedirect, type OidcProvider, startOidcProvider } from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mailSettled } from "../helpers/wait.js";

const PASSWORD = "correct horse battery";

// What a person reading the verification mail sees, per language (written out, so a lost or
// mixed-up translation fails here). A language of LANGUAGES not written out here is still sent, and must
// read as its own mail locale (src/server/mail/locales) says.
const VERIFY: Partial<Record<Locale, { subject: string; expiry: string }>> = {
  ru: { subject: "Подтвердите адрес электронной почты для Tessera", expiry: "Ссылка действует 1 час." },
  uk: { subject: "Підтвердьте адресу електронної пошти для Tessera", expiry: "Посилання діє 1 годину." },
  en: { subject: "Verify your e-mail address for Tessera", expiry: "This link expires in 1 hour." },
  es: { subject: "Confirma tu dirección de correo electrónico para Tessera", expiry: "Este enlace caduca en 1 hora." },
  de: { subject: "Bestätigen Sie Ihre E-Mail-Adresse für Tessera", expiry: "Dieser Link ist 1 Stunde gültig." },
  pl: { subject: "Potwierdź swój adres e-mail w Tessera", expiry: "Link jest ważny przez 1 godzinę." },
  fr: { subject: "Confirmez votre adresse e-mail pour Tessera", expiry: "Ce lien expire dans 1 heure." },
  tr: { subject: "Tessera için e-posta adresinizi doğrulayın", expiry: "Bu bağlantı 1 saat boyunca geçerlidir." },
};

const code = (locale: string) => LANGUAGES.find((l) => l.locale === locale)!.code;

/** The one link of a mail that leads into the app (not the "Open Tessera" home link). */
function linkTo(mail: CaughtMail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(path));
  if (!link) throw new Error(`"${mail.subject}" has no ${path} link: ${mail.text}`);
  return link;
}

/** Every mail has the same shape: HTML in the recipient's language, a button, the link as text. */
function expectWellFormed(mail: CaughtMail, locale: string, link?: string) {
  expect(mail.html).toContain(`<html lang="${locale}"`);
  expect(mail.html).toContain("Tessera");
  if (link) {
    // An attribute holds "&" escaped, as &amp; or &#38;.
    expect(mail.html.replaceAll("&#38;", "&amp;")).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    expect(mail.text).toContain(link);
  }
}

describe.each(databaseKinds)("mail messages on %s", (kind) => {
  let server: TestServer;
  let idp: OidcProvider;

  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-mail", clientSecret: "mail-secret-for-tests" });
    server = await startTestServer(kind, {
      env: {
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "acme",
            name: "Acme ID",
            discoveryUrl: idp.discoveryUrl,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
          },
        ]),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  const userRow = (email: string) =>
    server.running.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

  it.each(LANGUAGES.map((l) => l.locale))(
    "sends the sign-up verification in %s, and its link verifies",
    async (locale) => {
      const email = `verify-${locale}-${kind}@example.com`;
      const client = server.client();
      const since = server.mail.messages.length;
      const res = await client.post("/api/auth/sign-up/email", {
        email,
        password: PASSWORD,
        name: "Ana",
        language: code(locale),
      });
      expect(res.status, res.text).toBe(200);

      const mail = await server.mail.waitFor(email, undefined, { since });
      const own = mailLocales[locale];
      expect(mail.subject).toBe(VERIFY[locale]?.subject ?? own.messages["verify-email"].subject);
      expect(mail.text).toContain(VERIFY[locale]?.expiry ?? own.expires.split("{duration}")[0]);
      expect(mail.text).toContain(email);
      const link = linkTo(mail, "/verify-email");
      expectWellFormed(mail, locale, link);

      expect((await server.followMailLink(client, link)).status).toBeLessThan(400);
      expect((await client.get("/api/auth/get-session")).body.user).toMatchObject({ email, emailVerified: true });
    },
  );

  it("escapes a hostile display name in HTML and keeps it as written in the text", async () => {
    const email = `hostile-${kind}@example.com`;
    const since = server.mail.messages.length;
    await server.client().post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "<script>x</script>" });
    const mail = await server.mail.waitFor(email, undefined, { since });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toMatch(/&(#60|lt);script&(#62|gt);x&(#60|lt);\/script&(#62|gt);/);
    expect(mail.text).toContain("Hello <script>x</script>,");
  });

  it("password reset (de): the link leads to a new password, then a notice says it was reset", async () => {
    const email = `reset-de-${kind}@example.com`;
    await server.signUp(email, { name: "Jonas", language: code("de") });
    let since = server.mail.messages.length;
    const anonymous = server.client();
    const asked = await anonymous.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(asked.status, asked.text).toBe(200);

    const mail = await server.mail.waitFor(email, undefined, { since });
    expect(mail.subject).toBe("Setzen Sie Ihr Tessera-Passwort zurück");
    expect(mail.text).toContain("Hallo Jonas,");
    expect(mail.text).toContain("Dieser Link ist 1 Stunde gültig.");
    const link = linkTo(mail, "/reset-password/");
    expectWellFormed(mail, "de", link);

    // The landing page: the engine checks the token and hands it to the form.
    const landing = await server.followMailLink(anonymous, link);
    expect(landing.status).toBe(302);
    const token = new URL(landing.location!, server.url).searchParams.get("token");
    expect(token).toBe(new URL(link).pathname.split("/").pop());
    since = server.mail.messages.length;
    const reset = await anonymous.post("/api/auth/reset-password", { newPassword: "a brand new secret", token });
    expect(reset.status, reset.text).toBe(200);
    const signIn = await server.client().post("/api/auth/sign-in/email", { email, password: "a brand new secret" });
    expect(signIn.status, signIn.text).toBe(200);

    const notice = await server.mail.waitFor(email, undefined, { since });
    expect(notice.subject).toBe("Ihr Tessera-Passwort wurde zurückgesetzt");
    expect(notice.text).toMatch(/Zeitpunkt: .+ \(UTC\)/);
    expect(notice.links).toEqual([`${server.url}/`]);
    expectWellFormed(notice, "de");
  });

  it("password change (es): a notice goes to the account's address", async () => {
    const email = `change-pw-es-${kind}@example.com`;
    const { client } = await server.signUp(email, { name: "Lucía", language: code("es") });
    const since = server.mail.messages.length;
    const res = await client.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "otra clave segura",
    });
    expect(res.status, res.text).toBe(200);
    const notice = await server.mail.waitFor(email, undefined, { since });
    expect(notice.subject).toBe("Se ha cambiado la contraseña de tu cuenta de Tessera");
    expect(notice.text).toContain("Hola, Lucía:");
    expectWellFormed(notice, "es");

    // A refused change (wrong current password) sends nothing.
    const before = server.mail.messages.length;
    const refused = await client.post("/api/auth/change-password", {
      currentPassword: "wrong one!",
      newPassword: "x".repeat(12),
    });
    expect(refused.status).toBe(400);
    await mailSettled(server);
    expect(server.mail.messages.slice(before).filter((m) => m.to === email)).toHaveLength(0);
  });

  it("e-mail change (ru): approval at the old address, a new-address mail, then the address is changed", async () => {
    const oldEmail = `move-old-${kind}@example.com`;
    const newEmail = `move-new-${kind}@example.com`;
    const { client } = await server.signUp(oldEmail, { name: "Иван", language: code("ru") });
    let since = server.mail.messages.length;
    const asked = await client.post("/api/auth/change-email", { newEmail, callbackURL: "/account" });
    expect(asked.status, asked.text).toBe(200);

    const approve = await server.mail.waitFor(oldEmail, undefined, { since });
    expect(approve.subject).toBe("Подтвердите смену адреса электронной почты в Tessera");
    expect(approve.text).toContain("Здравствуйте, Иван!");
    expect(approve.text).toContain(newEmail);
    const approveLink = linkTo(approve, "/verify-email");
    expectWellFormed(approve, "ru", approveLink);
    since = server.mail.messages.length;
    expect((await server.followMailLink(client, approveLink)).status).toBe(302);

    const confirmNew = await server.mail.waitFor(newEmail, undefined, { since });
    expect(confirmNew.subject).toBe("Подтвердите новый адрес электронной почты для Tessera");
    expect(confirmNew.text).toContain("Ссылка действует 1 час.");
    since = server.mail.messages.length;
    expect((await server.followMailLink(client, linkTo(confirmNew, "/verify-email"))).status).toBe(302);
    expect(await userRow(oldEmail)).toBeUndefined();
    expect(await userRow(newEmail)).toBeDefined();

    // SPEC §4: the new address is verified by one more link, still in the user's language.
    const fresh = await server.mail.waitFor(newEmail, undefined, { since });
    expect(fresh.subject).toBe(VERIFY.ru!.subject);
    expect((await server.followMailLink(client, linkTo(fresh, "/verify-email"))).status).toBeLessThan(400);
    expect((await client.get("/api/auth/get-session")).body.user).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
  });

  it("account deletion (fr): the confirmation link deletes the account", async () => {
    const email = `delete-fr-${kind}@example.com`;
    const { client } = await server.signUp(email, { name: "Chloé", language: code("fr") });
    const since = server.mail.messages.length;
    const asked = await client.post("/api/auth/delete-user", { callbackURL: "/goodbye" });
    expect(asked.status, asked.text).toBe(200);
    expect(await userRow(email)).toBeDefined();

    const mail = await server.mail.waitFor(email, undefined, { since });
    expect(mail.subject).toBe("Confirmez la suppression de votre compte Tessera");
    expect(mail.text).toContain("Bonjour Chloé,");
    expect(mail.text).toContain("Ce lien expire dans 24 heures.");
    const link = linkTo(mail, "/delete-user/callback");
    expectWellFormed(mail, "fr", link);

    const done = await server.followMailLink(client, link);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/goodbye");
    expect(await userRow(email)).toBeUndefined();
    const signIn = await server.client().post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(signIn.body.message).toBe("Invalid email or password");
  });

  it("invitation (tr): in the inviter's language, names escaped, role and expiry stated, and it can be accepted", async () => {
    const owner = await server.signUp(`inviter-tr-${kind}@example.com`, { name: "Ayşe <b>", language: code("tr") });
    const org = await owner.client.post("/api/auth/organization/create", {
      name: "<i>Acme</i>",
      slug: `acme-tr-${kind}`,
    });
    expect(org.status, org.text).toBe(200);
    const inviteeEmail = `invitee-tr-${kind}@example.com`;
    const since = server.mail.messages.length;
    const invited = await owner.client.post("/api/auth/organization/invite-member", {
      email: inviteeEmail,
      role: "admin",
      organizationId: org.body.id,
    });
    expect(invited.status, invited.text).toBe(200);

    const mail = await server.mail.waitFor(inviteeEmail, undefined, { since });
    expect(mail.subject).toBe("Ayşe <b> sizi Tessera'da <i>Acme</i> kuruluşuna davet etti");
    expect(mail.text).toContain("Merhaba,");
    expect(mail.text).toContain("<i>Acme</i> kuruluşuna yönetici rolüyle");
    expect(mail.text).toContain("Davet 48 saat boyunca geçerlidir.");
    const link = `${server.url}/invitations/${invited.body.id}`;
    expect(mail.links).toContain(link);
    expectWellFormed(mail, "tr", link);
    expect(mail.html).not.toMatch(/<i>Acme|<b>/);
    expect(mail.html).toMatch(/&(#60|lt);i&(#62|gt);Acme/);

    // The invitee (their own language: English) signs up and accepts from the link.
    const invitee = await server.signUp(inviteeEmail, { name: "Invitee" });
    const id = new URL(link).pathname.split("/").pop();
    const accepted = await invitee.client.post("/api/auth/organization/accept-invitation", { invitationId: id });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.member).toMatchObject({ role: "admin", organizationId: org.body.id });
  });

  it("sign-up with a taken address (uk): the owner is told in the owner's language, the answer says nothing", async () => {
    const email = `taken-uk-${kind}@example.com`;
    await server.signUp(email, { name: "Олена", language: code("uk") });
    const since = server.mail.messages.length;
    const again = await server.client().post("/api/auth/sign-up/email", {
      email,
      password: "someone else's password",
      name: "Someone",
      language: code("en"),
    });
    expect(again.status, again.text).toBe(200);

    const notice = await server.mail.waitFor(email, undefined, { since });
    expect(notice.subject).toBe("Хтось намагався зареєструватися в Tessera з вашою адресою");
    expect(notice.text).toContain("Олена");
    expect(notice.text).toContain(email);
    expectWellFormed(notice, "uk", linkTo(notice, "/sign-in"));
    await mailSettled(server);
    expect(server.mail.messages.slice(since).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("account linked (pl): a notice when a provider account joins an existing account, none on social sign-up", async () => {
    const email = `linked-pl-${kind}@example.com`;
    const { client } = await server.signUp(email, { name: "Zofia", language: code("pl") });
    const since = server.mail.messages.length;
    idp.signInAs({ sub: `zofia-${kind}`, email, emailVerified: true });
    const start = await client.post("/api/auth/link-social", { provider: "acme", callbackURL: "/account" });
    expect(start.status, start.text).toBe(200);
    const back = await followProviderRedirect(client, start.body.url);
    expect(back.status).toBe(302);
    expect(back.location).toBe("/account");

    const notice = await server.mail.waitFor(email, undefined, { since });
    expect(notice.subject).toBe("Konto Acme ID zostało połączone z Twoim kontem w Tessera");
    expect(notice.text).toContain("Witaj, Zofia!");
    expectWellFormed(notice, "pl");

    // Someone new signing up through the provider gets no "linked" notice.
    const newcomer = `newcomer-${kind}@example.com`;
    idp.signInAs({ sub: `newcomer-${kind}`, email: newcomer, emailVerified: true });
    const before = server.mail.messages.length;
    const fresh: TestClient = server.client();
    const signIn = await fresh.post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "/" });
    expect(signIn.status, signIn.text).toBe(200);
    expect((await followProviderRedirect(fresh, signIn.body.url)).status).toBe(302);
    expect((await fresh.get("/api/auth/get-session")).body.user.email).toBe(newcomer);
    await mailSettled(server);
    expect(server.mail.messages.slice(before).filter((m) => m.to === newcomer)).toHaveLength(0);
  });
});
