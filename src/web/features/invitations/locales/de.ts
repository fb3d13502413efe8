import type { Messages } from "../../../lib/i18n.js";

const de = {
  invitation: {
    pageTitle: "Einladung",
    loadingTitle: "Einladung wird geladen …",
    signedOutTitle: "Du wurdest eingeladen",
    signedOutDescription:
      "Melde dich mit der E-Mail-Adresse an, an die die Einladung gesendet wurde, oder erstelle damit ein Konto. Danach kommst du direkt hierher zurück.",
    title: "{organization} beitreten",
    description: "{inviter} hat dich eingeladen, {organization} beizutreten.",
    organization: "Organisation",
    invitedBy: "Eingeladen von",
    role: "Rolle",
    sentTo: "Gesendet an",
    expires: "Gültig bis",
    accept: "Einladung annehmen",
    reject: "Ablehnen",
    acceptedTitle: "Du bist {organization} beigetreten",
    acceptedDescription: "Sie ist jetzt deine aktive Organisation.",
    openOrganization: "Zur Organisation",
    rejectedTitle: "Einladung abgelehnt",
    rejectedDescription: "Du bist {organization} nicht beigetreten.",
    wrongRecipientTitle: "Diese Einladung ist für jemand anderen",
    wrongRecipientDescription:
      "Du bist als {email} angemeldet, aber die Einladung wurde an eine andere Adresse gesendet. Melde dich mit dieser Adresse an, um sie zu beantworten.",
    switchAccount: "Abmelden und Konto wechseln",
    expiredTitle: "Diese Einladung ist abgelaufen",
    expiredDescription: "Bitte die Person, die dich eingeladen hat, dir eine neue Einladung zu senden.",
    goneTitle: "Diese Einladung ist nicht mehr gültig",
    goneDescription: "Sie wurde zurückgezogen oder bereits angenommen oder abgelehnt.",
    failedTitle: "Die Einladung konnte nicht geladen werden",
  },
} satisfies Messages;

export default de;
