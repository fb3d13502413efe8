import type { Messages } from "@/lib/i18n.js";

/** German. */
const de = {
  title: "Bestätigung in zwei Schritten",
  description:
    "Ihr Konto ist mit einem zweiten Schritt geschützt. Bestätigen Sie, dass Sie es sind, um die Anmeldung abzuschließen.",
  instructions: {
    totp: "Öffnen Sie Ihre Authenticator-App und geben Sie den 6-stelligen Code ein, den sie für Tessera anzeigt.",
    backup:
      "Geben Sie einen der Sicherungscodes ein, die Sie beim Einschalten der Bestätigung in zwei Schritten gespeichert haben. Jeder Code funktioniert nur einmal.",
    otp: "Geben Sie den 6-stelligen Code ein, den wir an Ihre E-Mail-Adresse gesendet haben. Er ist 5 Minuten gültig.",
  },
  label: { totp: "Bestätigungscode", backup: "Sicherungscode", otp: "Code aus der E-Mail" },
  enter: {
    totp: "Geben Sie den Code aus Ihrer Authenticator-App ein.",
    backup: "Geben Sie einen Sicherungscode ein.",
    otp: "Geben Sie den Code aus der E-Mail ein.",
  },
  form: {
    totp: "Mit Ihrer Authenticator-App bestätigen",
    backup: "Mit einem Sicherungscode bestätigen",
    otp: "Mit einem per E-Mail gesendeten Code bestätigen",
  },
  trustDevice: "Diesem Gerät 30 Tage lang vertrauen",
  verify: "Bestätigen",
  verifying: "Wird bestätigt…",
  other: {
    title: "Andere Wege zur Bestätigung",
    totp: "Authenticator-App verwenden",
    backup: "Einen Sicherungscode verwenden",
    otp: "Code per E-Mail senden",
  },
  otp: {
    send: "Code senden",
    sent: "Wir haben einen Code an Ihre E-Mail-Adresse gesendet.",
    resend: "Neuen Code senden",
    resendIn: "Einen neuen Code können Sie in {duration} anfordern.",
  },
  ended: {
    title: "Erneut anmelden",
    description: "Dieser Anmeldeversuch ist beendet. Geben Sie Ihre E-Mail-Adresse und Ihr Passwort erneut ein.",
    signInAgain: "Zurück zur Anmeldung",
  },
  errors: {
    invalidCode: "Dieser Code stimmt nicht. Prüfen Sie ihn und versuchen Sie es erneut.",
    invalidBackupCode: "Dieser Sicherungscode stimmt nicht oder wurde schon verwendet.",
    codeExpired: "Dieser Code ist abgelaufen. Fordern Sie einen neuen an.",
    tooManyAttempts: "Zu viele falsche Codes. Zu Ihrer Sicherheit wurde dieser Versuch beendet.",
    tooManyCodeAttempts: "Zu viele Fehlversuche für diesen Code. Fordern Sie einen neuen an.",
    challengeExpired: "Seit der Eingabe Ihres Passworts ist zu viel Zeit vergangen. Melden Sie sich erneut an.",
    locked:
      "Zu viele falsche Codes: Die Anmeldung in zwei Schritten ist für dieses Konto eine Weile gesperrt. Versuchen Sie es später erneut.",
    noApp: "Dieses Konto hat keine Authenticator-App. Wir senden Ihnen stattdessen einen Code per E-Mail.",
  },
  backToSignIn: "Zurück zur Anmeldung",
} satisfies Messages;

export default de;
