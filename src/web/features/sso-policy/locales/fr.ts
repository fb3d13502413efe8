import type { Messages } from "@/lib/i18n.js";

/** La politique de domaine de l’authentification unique en français (vous). */
const fr = {
  heading: "Politique du domaine",
  description:
    "Ce qui arrive aux personnes dont l’adresse est dans le domaine vérifié, et comment elles se connectent.",
  join: {
    heading: "Qui rejoint",
    help: "Quand quelqu’un se connecte avec un compte social (Google, GitHub, …) dont l’adresse vérifiée est dans {domain} :",
    off: {
      label: "Rien ne se passe",
      description: "La personne ne rejoint l’organisation que si quelqu’un l’invite.",
    },
    invite: {
      label: "La personne reçoit une invitation",
      description:
        "Une invitation à cette organisation l’attend, qu’elle accepte ou refuse. Aucun e-mail n’est envoyé, et une invitation refusée n’est pas proposée de nouveau.",
    },
    member: {
      label: "La personne rejoint automatiquement",
      description: "Elle devient membre de cette organisation dès qu’elle se connecte.",
    },
    save: "Appliquer",
    saved: "Enregistré",
  },
  required: {
    heading: "Exiger l’authentification unique",
    label: "Les personnes du domaine se connectent uniquement avec votre fournisseur d’identité",
    help: "Pas de mot de passe, pas de connexion par compte social ni par clé d’accès pour les adresses du domaine vérifié, et aucun mot de passe ne peut être défini ou réinitialisé pour elles. Les administrateurs du site en sont exemptés. Les sessions déjà ouvertes restent ouvertes.",
    on: "L’authentification unique est désormais exigée",
    off: "L’authentification unique n’est plus exigée",
    needsConnection: "Activez d’abord l’authentification unique.",
    inactive:
      "Exigée, mais l’authentification unique est désactivée : tant qu’elle n’est pas réactivée, les personnes du domaine peuvent utiliser un mot de passe.",
  },
} satisfies Messages;

export default fr;
