import type { Messages } from "@/lib/i18n.js";

/** The single sign-on screen in German (formal "Sie"). */
const de = {
  loading: "Single Sign-on wird geladen…",
  retry: "Erneut versuchen",
  title: "Single Sign-on von {name}",
  heading: "Single Sign-on",
  description:
    "Weisen Sie nach, dass eine E-Mail-Domain zu dieser Organisation gehört. Nur eine bestätigte Domain leitet ihre Personen zu Ihrem Identitätsanbieter.",
  notAllowed: {
    title: "Nur Inhaber und Administratoren richten Single Sign-on ein",
    description: "Wenden Sie sich an einen Inhaber oder Administrator dieser Organisation.",
  },
  copy: {
    action: "Kopieren",
    labelled: "{label} kopieren",
    done: "Kopiert",
  },
  domain: {
    none: "Noch keine Domain. Fügen Sie die Domain der E-Mail-Adressen Ihrer Organisation hinzu.",
    label: "Domainname",
    hint: "Zum Beispiel example.com: der Teil nach dem @, ohne dieses. Bis zu 10 Domains pro Organisation, jede mit eigenem TXT-Eintrag.",
    added: "Domain hinzugefügt: Veröffentlichen Sie den TXT-Eintrag",
    verified: "Domain bestätigt",
    removed: "Domain entfernt",
  },
  joining:
    "Nach der Bestätigung legt die „Domain-Richtlinie“ unten fest, was mit Personen geschieht, die sich mit einem sozialen Konto (Google, GitHub, …) anmelden, dessen bestätigte E-Mail-Adresse zu dieser Domain gehört.",
  status: {
    verified: "Bestätigt",
    pending: "Noch nicht bestätigt: Veröffentlichen Sie den TXT-Eintrag unten und prüfen Sie dann.",
  },
  record: {
    heading: "Zu veröffentlichender DNS-Eintrag",
    help: "Legen Sie bei Ihrem DNS-Anbieter einen TXT-Eintrag mit diesem Namen und Wert an. Sobald er vorhanden ist, wählen Sie „Prüfen“. DNS-Änderungen können etwas dauern.",
    type: "Typ",
    name: "Eintragsname",
    value: "Wert",
  },
  actions: {
    add: "Domain hinzufügen",
    verify: "Prüfen",
    remove: "Domain entfernen",
  },
  confirm: {
    removeTitle: "{domain} entfernen?",
    removeDescription:
      "Die Domain ist für diese Organisation dann nicht mehr bestätigt. Um sie wieder zu nutzen, fügen Sie sie hinzu und bestätigen Sie sie erneut.",
    cancel: "Abbrechen",
  },
  saml: {
    protocol: "Protokoll",
    protocolOidc: "OpenID Connect",
    protocolSaml: "SAML 2.0",
    replaces: "Beim Speichern wird der mit dem anderen Protokoll gespeicherte Identitätsanbieter ersetzt.",
    heading: "Identitätsanbieter (SAML 2.0)",
    help: "Legen Sie bei Ihrem Identitätsanbieter (Okta, Microsoft Entra ID, ADFS, Keycloak, …) eine SAML-Anwendung mit den folgenden Werten an und geben Sie Tessera dann dessen Metadaten. Assertions müssen signiert sein; die NameID oder ein Attribut „email“ muss die E-Mail-Adresse der Person sein.",
    spEntityId: "SP-Entity-ID (Zielgruppe)",
    acsUrl: "ACS-URL (Assertion Consumer Service)",
    spMetadataUrl: "SP-Metadaten-URL",
    spHint:
      "Viele Identitätsanbieter können diese Werte von der SP-Metadaten-URL lesen, sobald eine SAML-Verbindung gespeichert ist.",
    saved: "SAML-Identitätsanbieter gespeichert",
    idp: "Angaben zum Identitätsanbieter",
    modeMetadata: "Metadaten-XML",
    modeManual: "Von Hand eingeben",
    metadata: "IdP-Metadaten (XML)",
    metadataHint:
      "Fügen Sie das XML ein, das Ihr Identitätsanbieter als SAML-Metadaten anbietet, oder laden Sie die Datei hoch.",
    metadataKept: "Fügen Sie neue Metadaten ein, um die gespeicherten zu ersetzen.",
    upload: "Oder die Metadaten-Datei hochladen",
    entityId: "IdP-Entity-ID",
    ssoUrl: "SSO-URL",
    ssoUrlHint: "Die Single-Sign-on-URL des Identitätsanbieters (HTTP-Redirect-Binding).",
    certificate: "Signaturzertifikat",
    certificateHint: "Das Signaturzertifikat des Identitätsanbieters im PEM-Format (-----BEGIN CERTIFICATE-----).",
    idpEntityId: "IdP-Entity-ID",
    validUntil: "gültig bis {date}",
    notValid: "derzeit nicht gültig (gültig von {from} bis {until})",
    testOk: "Die Metadaten sind lesbar: {entityId}. Signaturzertifikat gültig bis {date}.",
  },
  connection: {
    heading: "Identitätsanbieter (OpenID Connect)",
    help: "Registrieren Sie Tessera als Anwendung bei Ihrem Identitätsanbieter (Okta, Microsoft Entra ID, Google Workspace, Keycloak, …) mit der Weiterleitungs-URL unten und tragen Sie dann ein, was Sie dort erhalten. Personen mit einer Adresse in der bestätigten Domain melden sich dann dort an.",
    redirectUrl: "Weiterleitungs-URL",
    issuer: "Aussteller-URL",
    issuerHint: "Die OpenID-Konfiguration wird von <Aussteller>/.well-known/openid-configuration gelesen.",
    clientId: "Client-ID",
    clientSecret: "Client-Secret",
    secretKept: "Leer lassen, um das gespeicherte Secret zu behalten.",
    save: "Speichern",
    saved: "Identitätsanbieter gespeichert",
    on: "Ein: Personen der Domain melden sich bei Ihrem Identitätsanbieter an und werden Mitglieder dieser Organisation.",
    off: "Aus: Noch niemand wird zu Ihrem Identitätsanbieter geleitet.",
    test: "Verbindung testen",
    testOk: "Der Identitätsanbieter hat geantwortet: {issuer}",
    turnOn: "Einschalten",
    turnOff: "Ausschalten",
    turnedOn: "Single Sign-on ist eingeschaltet",
    turnedOff: "Single Sign-on ist ausgeschaltet",
  },
  // The domain policy (components/policy-section.tsx).
  policy: {
    heading: "Domain-Richtlinie",
    description: "Was mit Personen geschieht, deren Adresse zur bestätigten Domain gehört, und wie sie sich anmelden.",
    join: {
      heading: "Wer beitritt",
      help: "Wenn sich jemand mit einem sozialen Konto (Google, GitHub, …) anmeldet, dessen bestätigte Adresse zu {domain} gehört:",
      off: {
        label: "Nichts geschieht",
        description: "Die Person tritt nur bei, wenn jemand sie einlädt.",
      },
      invite: {
        label: "Die Person erhält eine Einladung",
        description:
          "Eine Einladung in diese Organisation wartet auf sie; sie nimmt sie an oder lehnt sie ab. Es wird keine E-Mail gesendet, und eine abgelehnte Einladung wird nicht erneut angeboten.",
      },
      member: {
        label: "Die Person tritt automatisch bei",
        description: "Sie wird Mitglied dieser Organisation, sobald sie sich anmeldet.",
      },
      save: "Übernehmen",
      saved: "Gespeichert",
    },
    required: {
      heading: "Single Sign-on vorschreiben",
      label: "Personen der Domain melden sich nur über Ihren Identitätsanbieter an",
      help: "Kein Passwort, keine Anmeldung über soziale Konten oder Passkeys für Adressen der bestätigten Domain, und für sie kann kein Passwort gesetzt oder zurückgesetzt werden. Website-Administratoren sind ausgenommen. Bereits offene Sitzungen bleiben bestehen.",
      on: "Single Sign-on ist jetzt vorgeschrieben",
      off: "Single Sign-on ist nicht mehr vorgeschrieben",
      needsConnection: "Schalten Sie zuerst Single Sign-on ein.",
      inactive:
        "Vorgeschrieben, aber Single Sign-on ist aus: Bis es wieder eingeschaltet wird, können Personen der Domain Passwörter verwenden.",
    },
  },
} satisfies Messages;

export default de;
