import type { Messages } from "@/lib/i18n.js";

/** The SCIM provisioning screen (features/scim/locales/en.ts is the source). */
const de = {
  loading: "Bereitstellung wird geladen…",
  retry: "Erneut versuchen",
  title: "Bereitstellung (SCIM) von {name}",
  heading: "Bereitstellung (SCIM)",
  description:
    "Ihr Identitätsanbieter (Okta, Microsoft Entra ID, …) fügt die Mitglieder dieser Organisation über SCIM 2.0 hinzu, ändert und entfernt sie.",
  notAllowed: {
    title: "Nur Inhaber und Administratoren richten die Bereitstellung ein",
    description: "Wenden Sie sich an einen Inhaber oder Administrator dieser Organisation.",
  },
  copy: {
    action: "Kopieren",
    labelled: "{label} kopieren",
    done: "Kopiert",
  },
  token: {
    title: "Ihr neues SCIM-Token",
    once: "Kopieren Sie es jetzt und fügen Sie es bei Ihrem Identitätsanbieter ein: Es wird nur dieses eine Mal angezeigt.",
    label: "SCIM-Token",
    done: "Fertig, ich habe es kopiert",
    created: "SCIM-Token erstellt",
    revoked: "SCIM-Token widerrufen: Die Bereitstellung ist aus",
  },
  baseUrl: {
    label: "SCIM-Basis-URL",
    help: "Geben Sie dies bei Ihrem Identitätsanbieter als SCIM-Basis-URL (Mandanten-URL) ein und das Token als Bearer-Token (geheimes Token).",
  },
  status: {
    heading: "Status",
    on: "An: Ihr Identitätsanbieter kann mit seinem Token Mitglieder bereitstellen.",
    off: "Aus: kein Token. Erstellen Sie eines, um mit der Bereitstellung zu beginnen.",
    active: "Aktiv",
    expired: "Abgelaufen",
    revoked: "Widerrufen",
    decommissioned: "Stillgelegt",
  },
  actions: {
    create: "SCIM-Token erstellen",
    rotate: "Token ersetzen",
    revoke: "Token widerrufen",
  },
  confirm: {
    rotateTitle: "SCIM-Token ersetzen?",
    rotateDescription:
      "Ein neues Token wird erstellt und das bisherige funktioniert sofort nicht mehr. Tragen Sie das neue gleich bei Ihrem Identitätsanbieter ein.",
    revokeTitle: "SCIM-Token widerrufen?",
    revokeDescription:
      "Ihr Identitätsanbieter kann diese Organisation nicht mehr bereitstellen. Von ihm hinzugefügte Mitglieder bleiben Mitglieder.",
    cancel: "Abbrechen",
  },
  credential: {
    heading: "Tokens",
    created: "erstellt {date}",
    expires: "läuft ab {date}",
    revoked: "widerrufen {date}",
    lastUsed: "zuletzt verwendet {date}",
    neverUsed: "nie verwendet",
  },
  what: {
    heading: "Was die Bereitstellung tut",
    users:
      "Eine Person, die Ihr Identitätsanbieter zuweist, wird Mitglied dieser Organisation (ein neues Konto, wenn es zu der Adresse keines gibt und sie in einer bestätigten Domain dieser Organisation liegt; siehe Single Sign-on).",
    deprovision:
      "Wird sie deaktiviert oder gelöscht, endet die Mitgliedschaft und ihre Sitzungen in dieser Organisation werden beendet; das Konto selbst bleibt.",
    groups: "Gruppen werden zu gleichnamigen Teams mit denselben Personen.",
    existing:
      "Ein bestehendes Konto wird nur bereitgestellt, wenn es bereits Mitglied ist (nicht Inhaber); laden Sie andere zuerst ein.",
  },
} satisfies Messages;

export default de;
