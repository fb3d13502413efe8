import type { Messages } from "@/lib/i18n.js";

const de = {
  title: "API-Schlüssel",
  description:
    "Mit Schlüsseln rufen Ihre Skripte und Dienste Tessera in Ihrem Namen auf. Ein Schlüssel darf nur, was seine Berechtigungen erlauben, und nie Ihr Passwort, Ihre E-Mail-Adresse oder Ihre Schlüssel ändern.",
  descriptionOrganization:
    "Schlüssel von {organization} für ihre Dienste. Dienste prüfen einen Schlüssel mit GET /api/api-keys/self; er handelt für keine Person.",
  create: "API-Schlüssel erstellen",
  loading: "Wird geladen…",
  empty: "Noch keine API-Schlüssel.",
  noScopes: "Keine Berechtigungen: Er sagt nur, wem er gehört",
  created: "Erstellt",
  lastUsed: "Zuletzt verwendet",
  expires: "Läuft ab",
  neverUsed: "Nie",
  noExpiry: "Nie",
  revoke: "Widerrufen",
  revokeTitle: "„{name}“ widerrufen?",
  revokeDescription:
    "Alles, was diesen Schlüssel verwendet, funktioniert sofort nicht mehr. Dies kann nicht rückgängig gemacht werden.",
  revoked: "„{name}“ widerrufen",
  form: {
    name: "Name",
    nameHint: "Wofür der Schlüssel ist, z. B. „CI-Deployment“.",
    scopes: "Berechtigungen",
    scopesHint: "Wählen Sie nur, was der Schlüssel braucht.",
    expiry: "Läuft ab nach",
    never: "Nie",
    days7: "7 Tagen",
    days30: "30 Tagen",
    days90: "90 Tagen",
    days365: "1 Jahr",
    submit: "Schlüssel erstellen",
    cancel: "Abbrechen",
  },
  scopes: {
    organizationsRead: "Organisationen, Mitglieder, Teams und Einladungen lesen",
    organizationsWrite: "Mitglieder einladen und entfernen, Teams verwalten",
    auditRead: "Audit-Protokolle lesen",
    webhooksRead: "Webhook-Endpunkte und Zustellungen lesen",
  },
  secret: {
    title: "Ihr neuer API-Schlüssel",
    for: "Für",
    once: "Kopieren Sie ihn jetzt: Er wird nur dieses eine Mal angezeigt.",
    label: "API-Schlüssel",
    copy: "Kopieren",
    copied: "Kopiert",
    done: "Fertig",
    use: "Senden Sie ihn als Authorization: Bearer <key> oder x-api-key: <key>.",
  },
} satisfies Messages;

export default de;
