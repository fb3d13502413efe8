import type { Messages } from "@/lib/i18n.js";

/** Die Domain-Richtlinie für Single Sign-on auf Deutsch (formell „Sie“). */
const de = {
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
} satisfies Messages;

export default de;
