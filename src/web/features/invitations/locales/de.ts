import type { Messages } from "@/lib/i18n.js";

const de = {
  invitation: {
    pageTitle: "Einladung",
    loadingTitle: "Einladung wird geladen …",
    signedOutTitle: "Sie wurden eingeladen",
    signedOutDescription:
      "Melden Sie sich mit der E-Mail-Adresse an, an die die Einladung gesendet wurde, oder erstellen Sie damit ein Konto. Danach kommen Sie direkt hierher zurück.",
    title: "{organization} beitreten",
    description: "{inviter} hat Sie eingeladen, {organization} beizutreten.",
    organization: "Organisation",
    invitedBy: "Eingeladen von",
    role: "Rolle",
    sentTo: "Gesendet an",
    expires: "Gültig bis",
    accept: "Einladung annehmen",
    reject: "Ablehnen",
    acceptedTitle: "Sie sind {organization} beigetreten",
    acceptedDescription: "Sie ist jetzt Ihre aktive Organisation.",
    openOrganization: "Zur Organisation",
    rejectedTitle: "Einladung abgelehnt",
    rejectedDescription: "Sie sind {organization} nicht beigetreten.",
    wrongRecipientTitle: "Diese Einladung ist für jemand anderen",
    wrongRecipientDescription:
      "Sie sind als {email} angemeldet, aber die Einladung wurde an eine andere Adresse gesendet. Melden Sie sich mit dieser Adresse an, um sie zu beantworten.",
    switchAccount: "Abmelden und Konto wechseln",
    expiredTitle: "Diese Einladung ist abgelaufen",
    expiredDescription: "Bitten Sie die Person, die Sie eingeladen hat, Ihnen eine neue Einladung zu senden.",
    goneTitle: "Diese Einladung ist nicht mehr gültig",
    goneDescription: "Sie wurde zurückgezogen oder bereits angenommen oder abgelehnt.",
    failedTitle: "Die Einladung konnte nicht geladen werden",
  },
} satisfies Messages;

export default de;
