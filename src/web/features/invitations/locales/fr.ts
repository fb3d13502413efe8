import type { Messages } from "@/lib/i18n.js";

const fr = {
  invitation: {
    pageTitle: "Invitation",
    loadingTitle: "Chargement de l'invitation…",
    signedOutTitle: "Vous avez été invité",
    signedOutDescription:
      "Connectez-vous, ou créez un compte, avec l'adresse e-mail à laquelle l'invitation a été envoyée. Vous reviendrez directement ici.",
    title: "Rejoindre {organization}",
    description: "{inviter} vous a invité à rejoindre {organization}.",
    organization: "Organisation",
    invitedBy: "Invité par",
    role: "Rôle",
    sentTo: "Envoyée à",
    expires: "Expire le",
    accept: "Accepter l'invitation",
    reject: "Refuser",
    acceptedTitle: "Vous avez rejoint {organization}",
    acceptedDescription: "C'est maintenant votre organisation active.",
    openOrganization: "Aller à l'organisation",
    rejectedTitle: "Invitation refusée",
    rejectedDescription: "Vous n'avez pas rejoint {organization}.",
    wrongRecipientTitle: "Cette invitation est destinée à quelqu'un d'autre",
    wrongRecipientDescription:
      "Vous êtes connecté en tant que {email}, mais l'invitation a été envoyée à une autre adresse. Connectez-vous avec cette adresse pour y répondre.",
    switchAccount: "Se déconnecter et changer de compte",
    expiredTitle: "Cette invitation a expiré",
    expiredDescription: "Demandez à la personne qui vous a invité de vous envoyer une nouvelle invitation.",
    goneTitle: "Cette invitation n'est plus valable",
    goneDescription: "Elle a été annulée, ou déjà acceptée ou refusée.",
    failedTitle: "Impossible de charger l'invitation",
  },
} satisfies Messages;

export default fr;
