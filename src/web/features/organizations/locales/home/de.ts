import type { Messages } from "@/lib/i18n.js";

const de = {
  home: {
    title: "Startseite",
    welcome: "Willkommen, {name}",
    description: "Was als Nächstes ansteht, Einladungen für Sie und Ihre Organisationen.",
    activeOrganization: "Aktive Organisation",
    slug: "Adresse",
    yourRole: "Ihre Rolle",
    created: "Erstellt",
    noActiveTitle: "Keine aktive Organisation",
    chooseDescription: "Öffnen Sie eine Organisation, um darin zu arbeiten:",
    noOrganizationsDescription:
      "Sie sind noch in keiner Organisation Mitglied. Wenn Sie jemand einlädt, erscheint die Einladung hier und kommt per E-Mail.",
    noOrganizationsCreate:
      "Sie sind noch in keiner Organisation Mitglied. Gründen Sie eine oder warten Sie auf eine Einladung: Sie erscheint hier und kommt per E-Mail.",
    yourOrganizations: "Ihre Organisationen",
    createOrganization: "Organisation erstellen",
    nextSteps: "Nächste Schritte",
    verifyEmailStep: "E-Mail-Adresse bestätigen",
    verifyEmailHint: "Öffnen Sie den Link, den wir an {email} gesendet haben, oder fordern Sie einen neuen an.",
    mfaStep: "Zweistufige Anmeldung einschalten",
    mfaHint: "Schützt Ihr Konto, auch wenn jemand Ihr Passwort kennt.",
    notNow: "Jetzt nicht",
    notNowLabel: "Diesen Schritt ausblenden: {step}",
  },
} satisfies Messages;

export default de;
