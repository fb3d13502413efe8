import type { MailLocale } from "../i18n.js";

export const de: MailLocale = {
  greeting: "Hallo {name},",
  greetingNoName: "Hallo,",
  signature: "— Ihr Tessera-Team",
  linkFallback: "Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:",
  expires: "Dieser Link ist {duration} gültig.",
  time: "Zeitpunkt: {time} (UTC)",
  footer: "Diese Nachricht wurde von Tessera automatisch versendet. Bitte antworten Sie nicht darauf.",
  units: {
    minute: { one: "Minute", other: "Minuten" },
    hour: { one: "Stunde", other: "Stunden" },
    day: { one: "Tag", other: "Tage" },
  },
  roles: { owner: "Inhaber", admin: "Administrator", member: "Mitglied" },
  twoFactorMethods: {
    totp: "einen Code aus Ihrer Authenticator-App",
    otp: "einen Code, den wir Ihnen per E-Mail senden",
  },
  messages: {
    "verify-email": {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse für Tessera",
      lines: [
        "Vielen Dank für Ihre Registrierung bei Tessera. Bitte bestätigen Sie, dass {email} Ihre E-Mail-Adresse ist.",
      ],
      action: "E-Mail-Adresse bestätigen",
      after: "Wenn Sie kein Tessera-Konto erstellt haben, können Sie diese E-Mail ignorieren.",
    },
    "change-email-confirmation": {
      subject: "Bestätigen Sie die Änderung Ihrer E-Mail-Adresse bei Tessera",
      lines: [
        "Es wurde beantragt, die E-Mail-Adresse Ihres Tessera-Kontos in {newEmail} zu ändern.",
        "Wenn Sie das waren, bestätigen Sie die Änderung. Anschließend senden wir einen Bestätigungslink an die neue Adresse.",
      ],
      action: "Änderung bestätigen",
      after:
        "Wenn Sie das nicht waren, ignorieren Sie diese E-Mail und ändern Sie Ihr Passwort. Ihre Adresse bleibt unverändert.",
    },
    "change-email-verification": {
      subject: "Bestätigen Sie Ihre neue E-Mail-Adresse für Tessera",
      lines: [
        "Sie möchten {email} als E-Mail-Adresse Ihres Tessera-Kontos verwenden. Bitte bestätigen Sie die neue Adresse.",
      ],
      action: "Neue Adresse bestätigen",
      after:
        "Wenn Sie diese Änderung nicht beantragt haben, ignorieren Sie diese E-Mail – Ihr Konto behält seine bisherige Adresse.",
    },
    "reset-password": {
      subject: "Setzen Sie Ihr Tessera-Passwort zurück",
      lines: ["Wir haben eine Anfrage erhalten, das Passwort Ihres Tessera-Kontos ({email}) zurückzusetzen."],
      action: "Neues Passwort festlegen",
      after:
        "Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail – Ihr Passwort bleibt unverändert.",
    },
    "delete-account": {
      subject: "Bestätigen Sie die Löschung Ihres Tessera-Kontos",
      lines: [
        "Sie haben die Löschung Ihres Tessera-Kontos ({email}) beantragt.",
        "Dabei werden Ihr Profil, Ihre Sitzungen und Ihre Mitgliedschaften in Organisationen gelöscht. Das lässt sich nicht rückgängig machen.",
      ],
      action: "Konto löschen",
      after:
        "Wenn Sie es sich anders überlegt oder die Löschung nicht beantragt haben, ignorieren Sie diese E-Mail – Ihr Konto bleibt bestehen.",
    },
    invitation: {
      subject: "{inviter} hat Sie zu {organization} bei Tessera eingeladen",
      lines: ["{inviter} hat Sie eingeladen, der Organisation {organization} bei Tessera als {role} beizutreten."],
      action: "Einladung ansehen",
      after: "Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
      expires: "Die Einladung ist {duration} gültig.",
    },
    "password-changed": {
      subject: "Ihr Tessera-Passwort wurde geändert",
      lines: ["Das Passwort Ihres Tessera-Kontos ({email}) wurde geändert."],
      action: "Tessera öffnen",
      after:
        "Wenn Sie das waren, müssen Sie nichts weiter tun. Andernfalls setzen Sie Ihr Passwort sofort zurück und melden Sie alle anderen Sitzungen ab.",
    },
    "password-reset": {
      subject: "Ihr Tessera-Passwort wurde zurückgesetzt",
      lines: ["Das Passwort Ihres Tessera-Kontos ({email}) wurde über den Link aus unserer E-Mail zurückgesetzt."],
      action: "Tessera öffnen",
      after:
        "Wenn Sie das waren, müssen Sie nichts weiter tun. Andernfalls setzen Sie Ihr Passwort sofort zurück und melden Sie alle anderen Sitzungen ab.",
    },
    "account-linked": {
      subject: "Ein {provider}-Konto wurde mit Ihrem Tessera-Konto verknüpft",
      lines: [
        "Ein {provider}-Konto wurde mit Ihrem Tessera-Konto ({email}) verknüpft. Sie können sich jetzt auch damit anmelden.",
      ],
      action: "Tessera öffnen",
      after:
        "Wenn Sie das nicht waren, heben Sie die Verknüpfung in Ihren Kontoeinstellungen auf und ändern Sie Ihr Passwort.",
    },
    "sign-up-attempt": {
      subject: "Jemand wollte sich mit Ihrer Adresse bei Tessera registrieren",
      lines: [
        "Jemand hat versucht, mit {email} ein Tessera-Konto zu erstellen. Für diese Adresse gibt es bereits ein Konto, daher wurde kein neues angelegt.",
        "Wenn Sie das waren, melden Sie sich mit Ihrem bestehenden Konto an. Falls Sie das Passwort vergessen haben, wählen Sie auf der Anmeldeseite „Passwort vergessen?“.",
      ],
      action: "Anmelden",
      after:
        "Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren: Ohne Ihr Passwort kommt niemand in Ihr Konto.",
    },
    "two-factor-code": {
      subject: "Ihr Anmeldecode für Tessera: {code}",
      lines: ["Mit diesem Code schließen Sie die Anmeldung bei Ihrem Tessera-Konto ({email}) ab:"],
      expires: "Der Code läuft in {duration} ab.",
      after:
        "Wenn Sie sich nicht anmelden wollten, kennt jemand Ihr Passwort: Ändern Sie es sofort. Ohne diesen Code kommt niemand in Ihr Konto.",
    },
    "mfa-reset": {
      subject: "Ihre Zwei-Faktor-Authentifizierung und Passkeys bei Tessera wurden zurückgesetzt",
      lines: [
        "Ein Administrator hat die Zwei-Faktor-Authentifizierung Ihres Tessera-Kontos ({email}) zurückgesetzt und seine Passkeys entfernt.",
        "Bis Sie sie neu einrichten, genügt Ihr Passwort für die Anmeldung. Richten Sie die Zwei-Faktor-Authentifizierung und Ihre Passkeys in Ihren Sicherheitseinstellungen erneut ein. Geräte, auf denen Sie angemeldet sind, bleiben angemeldet.",
      ],
      action: "Sicherheitseinstellungen öffnen",
      after: "Wenn Sie das nicht erwartet haben, wenden Sie sich an Ihren Administrator.",
    },
    "two-factor-enabled": {
      subject: "Die Bestätigung in zwei Schritten ist für Ihr Tessera-Konto eingeschaltet",
      lines: [
        "Für Ihr Tessera-Konto ({email}) wurde die Bestätigung in zwei Schritten eingeschaltet. Ab jetzt fragt die Anmeldung nach Ihrem Passwort nach {method}.",
      ],
      action: "Tessera öffnen",
      after:
        "Wenn Sie das nicht waren, kennt jemand Ihr Passwort: Setzen Sie es sofort zurück und melden Sie alle anderen Sitzungen ab.",
    },
    "two-factor-disabled": {
      subject: "Die Bestätigung in zwei Schritten ist für Ihr Tessera-Konto ausgeschaltet",
      lines: [
        "Für Ihr Tessera-Konto ({email}) wurde die Bestätigung in zwei Schritten ausgeschaltet. Zur Anmeldung genügt jetzt Ihr Passwort.",
      ],
      action: "Tessera öffnen",
      after:
        "Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und schalten Sie die Bestätigung in zwei Schritten unter Einstellungen → Sicherheit wieder ein.",
    },
    "backup-codes-regenerated": {
      subject: "Neue Sicherungscodes für Ihr Tessera-Konto",
      lines: [
        "Für Ihr Tessera-Konto ({email}) wurden neue Sicherungscodes erstellt. Die bisherigen Codes gelten nicht mehr.",
      ],
      action: "Tessera öffnen",
      after:
        "Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und melden Sie alle anderen Sitzungen ab.",
    },
    "passkey-added": {
      subject: "Ihrem Tessera-Konto wurde ein Passkey hinzugefügt",
      lines: ["Ihrem Tessera-Konto ({email}) wurde ein Passkey hinzugefügt. Sie können sich jetzt damit anmelden."],
      action: "Tessera öffnen",
      after:
        "Wenn Sie das nicht waren, entfernen Sie den Passkey unter Einstellungen → Sicherheit und ändern Sie Ihr Passwort.",
    },
  },
};
