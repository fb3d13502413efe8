import type { Messages } from "../../../lib/i18n.js";

const de = {
  home: {
    title: "Startseite",
    welcome: "Willkommen, {name}",
    description: "Was als Nächstes ansteht, Einladungen für dich und deine Organisationen.",
    activeOrganization: "Aktive Organisation",
    slug: "Adresse",
    yourRole: "Deine Rolle",
    created: "Erstellt",
    noActiveTitle: "Keine aktive Organisation",
    chooseDescription: "Öffne eine Organisation, um darin zu arbeiten:",
    noOrganizationsDescription:
      "Du bist noch in keiner Organisation Mitglied. Wenn dich jemand einlädt, erscheint die Einladung hier und kommt per E-Mail.",
    noOrganizationsCreate:
      "Du bist noch in keiner Organisation Mitglied. Gründe eine oder warte auf eine Einladung: Sie erscheint hier und kommt per E-Mail.",
    yourOrganizations: "Deine Organisationen",
    createOrganization: "Organisation erstellen",
    nextSteps: "Nächste Schritte",
    verifyEmailStep: "E-Mail-Adresse bestätigen",
    verifyEmailHint: "Öffne den Link, den wir an {email} gesendet haben, oder fordere einen neuen an.",
    mfaStep: "Zweistufige Anmeldung einschalten",
    mfaHint: "Schützt dein Konto, auch wenn jemand dein Passwort kennt.",
    notNow: "Jetzt nicht",
    notNowLabel: "Diesen Schritt ausblenden: {step}",
  },
} satisfies Messages;

export default de;
