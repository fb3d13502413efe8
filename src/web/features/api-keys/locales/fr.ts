import type { Messages } from "@/lib/i18n.js";

const fr = {
  title: "Clés d'API",
  description:
    "Les clés permettent à vos scripts et services d'appeler Tessera en votre nom. Une clé ne peut faire que ce que ses portées permettent, et jamais changer votre mot de passe, votre e-mail ou vos clés.",
  descriptionOrganization:
    "Clés de {organization} pour ses services. Les services vérifient une clé avec GET /api/api-keys/self ; elle n'agit pour personne.",
  create: "Créer une clé d'API",
  loading: "Chargement…",
  empty: "Aucune clé d'API pour l'instant.",
  noScopes: "Aucune portée : elle indique seulement à qui elle appartient",
  created: "Créée",
  lastUsed: "Dernière utilisation",
  expires: "Expire",
  neverUsed: "Jamais",
  noExpiry: "Jamais",
  revoke: "Révoquer",
  revokeTitle: "Révoquer « {name} » ?",
  revokeDescription: "Tout ce qui utilise cette clé cesse aussitôt de fonctionner. Action irréversible.",
  revoked: "« {name} » révoquée",
  form: {
    name: "Nom",
    nameHint: "À quoi sert la clé, p. ex. « Déploiement CI ».",
    scopes: "Portées",
    scopesHint: "Ne choisissez que ce dont la clé a besoin.",
    expiry: "Expire après",
    never: "Jamais",
    days7: "7 jours",
    days30: "30 jours",
    days90: "90 jours",
    days365: "1 an",
    submit: "Créer la clé",
    cancel: "Annuler",
  },
  scopes: {
    organizationsRead: "lire les organisations, membres, équipes et invitations",
    organizationsWrite: "inviter et retirer des membres, gérer les équipes",
    auditRead: "lire les journaux d'audit",
    webhooksRead: "lire les webhooks et leurs livraisons",
  },
  secret: {
    title: "Votre nouvelle clé d'API",
    for: "Pour",
    once: "Copiez-la maintenant : elle n'est affichée qu'une seule fois.",
    label: "Clé d'API",
    copy: "Copier",
    copied: "Copiée",
    done: "Terminé",
    use: "Envoyez-la en Authorization: Bearer <key> ou x-api-key: <key>.",
  },
} satisfies Messages;

export default fr;
