import type { Messages } from "@/lib/i18n.js";

/** « Se connecter avec Tessera » (features/oauth/locales/en.ts is the source). */
const fr = {
  loading: "Chargement…",
  retry: "Réessayer",
  scopes: {
    openid: "Savoir qui vous êtes sur ce site",
    profile: "Voir votre nom, votre photo et votre langue",
    email: "Voir votre adresse e-mail et si elle est confirmée",
    offline_access: "Garder l’accès pendant votre absence",
    organizations: "Voir votre organisation active, vos rôles et vos équipes dans celle-ci",
  },
  consent: {
    pageTitle: "Autoriser l’accès",
    title: "Autoriser {app} à utiliser votre compte ?",
    signedInAs: "Vous êtes connecté en tant que {email}.",
    wants: "{app} demande à :",
    later: "Vous pouvez le retirer à tout moment dans Paramètres, rubrique Applications connectées.",
    allow: "Autoriser",
    deny: "Refuser",
    invalidTitle: "Cette demande ne peut pas être utilisée",
    invalidDescription:
      "Le lien est incomplet ou a expiré. Retournez dans l’application et reconnectez-vous depuis celle-ci.",
    unknownApp: "Cette application n’est pas enregistrée ici, ou elle a été supprimée.",
  },
  continuing: "Retour vers l’application…",
  connected: {
    title: "Applications connectées",
    description:
      "Les applications que vous avez autorisées à vous connecter avec ce compte. En retirer une met fin à son accès ; elle redemandera la prochaine fois.",
    empty: "Aucune application n’a accès à votre compte.",
    since: "Depuis le {date}",
    remove: "Retirer l’accès",
    removeTitle: "Retirer l’accès de {app} ?",
    removeDescription: "{app} perd immédiatement l’accès à votre compte et redemandera votre accord la prochaine fois.",
    cancel: "Annuler",
    removed: "Accès de {app} retiré",
  },
  clients: {
    organizationPageTitle: "Applications (OAuth) de {organization}",
    organizationTitle: "Applications (OAuth)",
    organizationDescription:
      "Les clients OpenID Connect de {organization} : des applications où seuls les membres de {organization} peuvent se connecter. Les autres sont renvoyés vers l'application avec une erreur. Le consentement est toujours demandé.",
    owner: "Organisation : {organization}",
    ownerManages: "Gérée par les propriétaires et administrateurs de l'organisation.",
    title: "Applications qui se connectent avec ce site",
    description:
      "Clients OpenID Connect : les autres applications de l’équipe connectent ici leurs utilisateurs. Leurs développeurs ont besoin de l’adresse de découverte et de l’ID client (et du secret d’un client confidentiel).",
    discovery: "Adresse de découverte",
    add: "Ajouter une application",
    empty: "Aucune application pour l’instant.",
    clientId: "ID client",
    public: "Public (PKCE, sans secret)",
    confidential: "Confidentiel (avec secret)",
    trusted: "Interne : sans écran de consentement",
    redirectUris: "URI de redirection",
    edit: "Modifier",
    rotate: "Nouveau secret",
    rotateTitle: "Remplacer le secret de {app} ?",
    rotateDescription: "Le secret actuel cesse de fonctionner immédiatement. L’application doit recevoir le nouveau.",
    delete: "Supprimer",
    deleteTitle: "Supprimer {app} ?",
    deleteDescription:
      "Ses utilisateurs ne peuvent plus s’y connecter avec ce site, et ses jetons cessent de fonctionner.",
    cancel: "Annuler",
    deleted: "{app} supprimée",
    saved: "{app} enregistrée",
  },
  form: {
    alwaysConsent:
      "Le consentement est toujours demandé : seuls les administrateurs du site peuvent marquer une application comme interne.",
    createTitle: "Ajouter une application",
    editTitle: "Modifier {app}",
    name: "Nom",
    nameHint: "Affiché aux utilisateurs sur l’écran de consentement.",
    redirectUris: "URI de redirection",
    redirectUrisHint:
      "Une par ligne, comparées à l’identique. https uniquement ; http seulement pour localhost. Exemple : https://wiki.example.com/callback",
    scopes: "Scopes autorisés",
    type: "Type de client",
    typePublic: "Public : une application web ou mobile qui ne peut pas garder de secret",
    typeConfidential: "Confidentiel : un serveur qui garde un secret",
    typeFixed: "Le type ne peut plus être changé après l’ajout.",
    trusted: "Application interne : aucun consentement n’est demandé aux utilisateurs",
    save: "Enregistrer",
    create: "Ajouter l’application",
    cancel: "Annuler",
    nameRequired: "Saisissez un nom.",
    redirectRequired: "Saisissez au moins une URI de redirection.",
    redirectInvalid: "URI de redirection non valide : {uri}",
    backchannel: "URI de déconnexion back-channel (facultatif)",
    backchannelHint:
      "Quand la session Tessera d’un utilisateur prend fin, un jeton de déconnexion signé est envoyé ici. Uniquement https sur un nom public. Exemple : https://wiki.example.com/backchannel-logout",
    backchannelInvalid:
      "URI de déconnexion back-channel non valide : https obligatoire, sans fragment ni identifiants.",
    openidRequired: "Le scope openid est toujours nécessaire.",
  },
  secret: {
    title: "Identifiants de l’application",
    once: "Copiez le secret maintenant : il n’est affiché que cette fois.",
    clientId: "ID client",
    clientSecret: "Secret client",
    copy: "Copier",
    copied: "Copié",
    done: "Terminé",
  },
} satisfies Messages;

export default fr;
