import type { Messages } from "@/lib/i18n.js";

/** "Mit Tessera anmelden" (features/oauth/locales/en.ts is the source). */
const de = {
  loading: "Wird geladen…",
  retry: "Erneut versuchen",
  scopes: {
    openid: "Wissen, wer Sie auf dieser Website sind",
    profile: "Ihren Namen, Ihr Bild und Ihre Sprache sehen",
    email: "Ihre E-Mail-Adresse sehen und ob sie bestätigt ist",
    offline_access: "Zugriff behalten, während Sie nicht da sind",
    organizations: "Ihre aktive Organisation, Ihre Rollen und Ihre Teams darin sehen",
  },
  consent: {
    pageTitle: "Zugriff erlauben",
    title: "{app} Zugriff auf Ihr Konto erlauben?",
    signedInAs: "Sie sind als {email} angemeldet.",
    wants: "{app} möchte:",
    later: "Sie können das jederzeit in den Einstellungen unter Verbundene Apps zurücknehmen.",
    allow: "Erlauben",
    deny: "Ablehnen",
    invalidTitle: "Diese Anfrage kann nicht verwendet werden",
    invalidDescription:
      "Der Link ist unvollständig oder abgelaufen. Gehen Sie zurück zur App und melden Sie sich dort erneut an.",
    unknownApp: "Diese App ist hier nicht registriert oder wurde entfernt.",
  },
  continuing: "Zurück zur App…",
  connected: {
    title: "Verbundene Apps",
    description:
      "Apps, denen Sie erlaubt haben, Sie mit diesem Konto anzumelden. Wenn Sie eine entfernen, endet ihr Zugriff; beim nächsten Mal fragt sie erneut.",
    empty: "Keine App hat Zugriff auf Ihr Konto.",
    since: "Seit {date}",
    remove: "Zugriff entfernen",
    removeTitle: "Zugriff für {app} entfernen?",
    removeDescription:
      "{app} wird sofort von Ihrem Konto abgemeldet und fragt beim nächsten Mal erneut nach Ihrer Zustimmung.",
    cancel: "Abbrechen",
    removed: "Zugriff für {app} entfernt",
  },
  clients: {
    organizationPageTitle: "Apps (OAuth) von {organization}",
    organizationTitle: "Apps (OAuth)",
    organizationDescription:
      "Die OpenID-Connect-Clients von {organization}: Apps, bei denen sich nur Mitglieder von {organization} anmelden können. Alle anderen werden mit einem Fehler zur App zurückgeschickt. Die Zustimmung wird immer abgefragt.",
    owner: "Organisation: {organization}",
    ownerManages: "Wird von den Inhabern und Administratoren der Organisation verwaltet.",
    title: "Apps, die sich über diese Website anmelden",
    description:
      "OpenID-Connect-Clients: Die anderen Apps des Teams melden ihre Benutzer hier an. Ihre Entwickler brauchen die Discovery-Adresse und die Client-ID (und bei vertraulichen Clients das Secret).",
    discovery: "Discovery-Adresse",
    add: "App hinzufügen",
    empty: "Noch keine Apps.",
    clientId: "Client-ID",
    public: "Öffentlich (PKCE, ohne Secret)",
    confidential: "Vertraulich (mit Secret)",
    trusted: "Eigene App: ohne Zustimmungsseite",
    redirectUris: "Weiterleitungs-URIs",
    edit: "Bearbeiten",
    rotate: "Neues Secret",
    rotateTitle: "Secret von {app} ersetzen?",
    rotateDescription: "Das bisherige Secret funktioniert sofort nicht mehr. Die App muss das neue bekommen.",
    delete: "Löschen",
    deleteTitle: "{app} löschen?",
    deleteDescription:
      "Ihre Benutzer können sich dort nicht mehr über diese Website anmelden, und ihre Tokens werden ungültig.",
    cancel: "Abbrechen",
    deleted: "{app} gelöscht",
    saved: "{app} gespeichert",
  },
  form: {
    alwaysConsent:
      "Die Zustimmung wird immer abgefragt: Nur Website-Administratoren können eine App als Erstanbieter-App kennzeichnen.",
    createTitle: "App hinzufügen",
    editTitle: "{app} bearbeiten",
    name: "Name",
    nameHint: "Wird Benutzern auf der Zustimmungsseite angezeigt.",
    redirectUris: "Weiterleitungs-URIs",
    redirectUrisHint:
      "Eine pro Zeile, genau so verglichen. Nur https; http nur für localhost. Beispiel: https://wiki.example.com/callback",
    scopes: "Erlaubte Scopes",
    type: "Client-Typ",
    typePublic: "Öffentlich: eine Browser- oder Mobil-App, die kein Secret geheim halten kann",
    typeConfidential: "Vertraulich: ein Server, der ein Secret geheim hält",
    typeFixed: "Der Typ lässt sich nach dem Hinzufügen nicht mehr ändern.",
    trusted: "Eigene App: Benutzer werden nicht um Zustimmung gebeten",
    save: "Speichern",
    create: "App hinzufügen",
    cancel: "Abbrechen",
    nameRequired: "Geben Sie einen Namen ein.",
    redirectRequired: "Geben Sie mindestens eine Weiterleitungs-URI ein.",
    redirectInvalid: "Keine gültige Weiterleitungs-URI: {uri}",
    backchannel: "Back-Channel-Logout-URI (optional)",
    backchannelHint:
      "Wenn die Tessera-Sitzung eines Benutzers endet, wird hierhin ein signiertes Logout-Token gesendet. Nur https mit einem öffentlichen Namen. Beispiel: https://wiki.example.com/backchannel-logout",
    backchannelInvalid:
      "Keine gültige Back-Channel-Logout-URI: Sie muss https verwenden, ohne Fragment und ohne Zugangsdaten.",
    openidRequired: "Der Scope openid wird immer gebraucht.",
  },
  secret: {
    title: "Zugangsdaten der App",
    once: "Kopieren Sie das Secret jetzt: Es wird nur dieses eine Mal angezeigt.",
    clientId: "Client-ID",
    clientSecret: "Client-Secret",
    copy: "Kopieren",
    copied: "Kopiert",
    done: "Fertig",
  },
} satisfies Messages;

export default de;
