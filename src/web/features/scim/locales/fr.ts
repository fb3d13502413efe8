import type { Messages } from "@/lib/i18n.js";

/** The SCIM provisioning screen (features/scim/locales/en.ts is the source). */
const fr = {
  loading: "Chargement du provisionnement…",
  retry: "Réessayer",
  title: "Provisionnement (SCIM) de {name}",
  heading: "Provisionnement (SCIM)",
  description:
    "Votre fournisseur d’identité (Okta, Microsoft Entra ID, …) ajoute, met à jour et retire les membres de cette organisation via SCIM 2.0.",
  notAllowed: {
    title: "Seuls les propriétaires et administrateurs configurent le provisionnement",
    description: "Adressez-vous à un propriétaire ou administrateur de cette organisation.",
  },
  copy: {
    action: "Copier",
    labelled: "Copier {label}",
    done: "Copié",
  },
  token: {
    title: "Votre nouveau jeton SCIM",
    once: "Copiez-le maintenant et collez-le dans votre fournisseur d’identité : il n’est affiché que cette fois.",
    label: "Jeton SCIM",
    done: "C’est fait, je l’ai copié",
    created: "Jeton SCIM créé",
    revoked: "Jeton SCIM révoqué : le provisionnement est désactivé",
  },
  baseUrl: {
    label: "URL de base SCIM",
    help: "Dans votre fournisseur d’identité, saisissez ceci comme URL de base SCIM (URL du locataire) et le jeton comme jeton porteur (jeton secret).",
  },
  status: {
    heading: "État",
    on: "Activé : votre fournisseur d’identité peut provisionner des membres avec son jeton.",
    off: "Désactivé : aucun jeton. Créez-en un pour commencer le provisionnement.",
    active: "Actif",
    expired: "Expiré",
    revoked: "Révoqué",
    decommissioned: "Retiré",
  },
  actions: {
    create: "Créer un jeton SCIM",
    rotate: "Remplacer le jeton",
    revoke: "Révoquer le jeton",
  },
  confirm: {
    rotateTitle: "Remplacer le jeton SCIM ?",
    rotateDescription:
      "Un nouveau jeton est créé et l’actuel cesse immédiatement de fonctionner. Saisissez le nouveau dans votre fournisseur d’identité sans attendre.",
    revokeTitle: "Révoquer le jeton SCIM ?",
    revokeDescription:
      "Votre fournisseur d’identité ne peut plus provisionner cette organisation. Les membres qu’il a ajoutés restent membres.",
    cancel: "Annuler",
  },
  credential: {
    heading: "Jetons",
    created: "créé le {date}",
    expires: "expire le {date}",
    revoked: "révoqué le {date}",
    lastUsed: "dernière utilisation {date}",
    neverUsed: "jamais utilisé",
  },
  what: {
    heading: "Ce que fait le provisionnement",
    users:
      "Une personne que votre fournisseur d’identité affecte devient membre de cette organisation (un nouveau compte si l’adresse n’en a pas et appartient à un domaine vérifié de cette organisation ; voir Authentification unique).",
    deprovision:
      "La désactiver ou la supprimer retire son adhésion et met fin à ses sessions dans cette organisation ; le compte lui-même reste.",
    groups: "Les groupes deviennent des équipes du même nom, avec les mêmes personnes.",
    existing:
      "Un compte existant n’est provisionné que s’il est déjà membre (pas propriétaire) ; invitez d’abord les autres.",
  },
} satisfies Messages;

export default fr;
