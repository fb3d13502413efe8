import type { Messages } from "@/lib/i18n.js";

const fr = {
  home: {
    title: "Accueil",
    welcome: "Bienvenue, {name}",
    description: "Les prochaines étapes, les invitations qui vous attendent et vos organisations.",
    activeOrganization: "Organisation active",
    slug: "Adresse",
    yourRole: "Votre rôle",
    created: "Créée le",
    noActiveTitle: "Aucune organisation active",
    chooseDescription: "Ouvrez une organisation pour y travailler :",
    noOrganizationsDescription:
      "Vous n'êtes encore membre d'aucune organisation. Quand quelqu'un vous invitera, l'invitation apparaîtra ici et arrivera par e-mail.",
    noOrganizationsCreate:
      "Vous n'êtes encore membre d'aucune organisation. Créez-en une ou attendez une invitation : elle apparaîtra ici et arrivera par e-mail.",
    yourOrganizations: "Vos organisations",
    createOrganization: "Créer une organisation",
    nextSteps: "Prochaines étapes",
    verifyEmailStep: "Vérifiez votre adresse e-mail",
    verifyEmailHint: "Ouvrez le lien envoyé à {email}, ou demandez-en un nouveau.",
    mfaStep: "Activez la vérification en deux étapes",
    mfaHint: "Protège votre compte même si quelqu'un connaît votre mot de passe.",
    notNow: "Pas maintenant",
    notNowLabel: "Masquer cette étape : {step}",
  },
} satisfies Messages;

export default fr;
