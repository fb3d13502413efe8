import type { Messages } from "@/lib/i18n.js";

/** The single sign-on screen in French. */
const fr = {
  loading: "Chargement de l’authentification unique…",
  retry: "Réessayer",
  title: "Authentification unique de {name}",
  heading: "Authentification unique",
  description:
    "Prouvez qu’un domaine de messagerie appartient à cette organisation. Seul un domaine vérifié enverra ses utilisateurs vers votre fournisseur d’identité.",
  notAllowed: {
    title: "Seuls les propriétaires et administrateurs configurent l’authentification unique",
    description: "Demandez à un propriétaire ou administrateur de cette organisation.",
  },
  copy: {
    action: "Copier",
    labelled: "Copier {label}",
    done: "Copié",
  },
  domain: {
    none: "Aucun domaine pour l’instant. Ajoutez le domaine des adresses e-mail de votre organisation.",
    label: "Domaine",
    hint: "Par exemple example.com : la partie après le @, sans lui. Jusqu’à 10 domaines par organisation, chacun avec son propre enregistrement TXT.",
    added: "Domaine ajouté : publiez l’enregistrement TXT",
    verified: "Domaine vérifié",
    removed: "Domaine supprimé",
  },
  joining:
    "Une fois le domaine vérifié, la « Politique du domaine » ci-dessous décide de ce qui arrive aux personnes qui se connectent avec un compte social (Google, GitHub, …) dont l’adresse e-mail vérifiée est dans ce domaine.",
  status: {
    verified: "Vérifié",
    pending: "Pas encore vérifié : publiez l’enregistrement TXT ci-dessous, puis vérifiez.",
  },
  record: {
    heading: "Enregistrement DNS à publier",
    help: "Chez votre hébergeur DNS, ajoutez un enregistrement TXT avec ce nom et cette valeur. Une fois en place, choisissez Vérifier. Les changements DNS peuvent prendre du temps.",
    type: "Type",
    name: "Nom",
    value: "Valeur",
  },
  actions: {
    add: "Ajouter le domaine",
    verify: "Vérifier",
    remove: "Supprimer le domaine",
  },
  confirm: {
    removeTitle: "Supprimer {domain} ?",
    removeDescription:
      "Le domaine ne sera plus vérifié pour cette organisation. Pour le réutiliser, ajoutez-le et vérifiez-le à nouveau.",
    cancel: "Annuler",
  },
  saml: {
    protocol: "Protocole",
    protocolOidc: "OpenID Connect",
    protocolSaml: "SAML 2.0",
    replaces: "L’enregistrement remplace le fournisseur d’identité enregistré avec l’autre protocole.",
    heading: "Fournisseur d’identité (SAML 2.0)",
    help: "Créez une application SAML chez votre fournisseur d’identité (Okta, Microsoft Entra ID, ADFS, Keycloak, …) avec les valeurs ci-dessous, puis donnez ses métadonnées à Tessera. Les assertions doivent être signées ; le NameID ou un attribut « email » doit être l’adresse e-mail de la personne.",
    spEntityId: "ID d’entité du SP (audience)",
    acsUrl: "URL ACS (service consommateur d’assertions)",
    spMetadataUrl: "URL des métadonnées du SP",
    spHint:
      "Beaucoup de fournisseurs d’identité savent lire ces valeurs depuis l’URL des métadonnées du SP une fois une connexion SAML enregistrée.",
    saved: "Fournisseur d’identité SAML enregistré",
    idp: "Les informations du fournisseur d’identité",
    modeMetadata: "XML de métadonnées",
    modeManual: "Saisir à la main",
    metadata: "Métadonnées XML de l’IdP",
    metadataHint:
      "Collez le XML que votre fournisseur d’identité propose comme métadonnées SAML, ou importez le fichier.",
    metadataKept: "Collez de nouvelles métadonnées pour remplacer celles enregistrées.",
    upload: "Ou importer le fichier de métadonnées",
    entityId: "ID d’entité de l’IdP",
    ssoUrl: "URL SSO",
    ssoUrlHint: "L’URL d’authentification unique du fournisseur d’identité (liaison HTTP-Redirect).",
    certificate: "Certificat de signature",
    certificateHint:
      "Le certificat de signature du fournisseur d’identité au format PEM (-----BEGIN CERTIFICATE-----).",
    idpEntityId: "ID d’entité de l’IdP",
    validUntil: "valide jusqu’au {date}",
    notValid: "non valide actuellement (valide du {from} au {until})",
    testOk: "Les métadonnées sont lisibles : {entityId}. Certificat de signature valide jusqu’au {date}.",
  },
  connection: {
    heading: "Fournisseur d’identité (OpenID Connect)",
    help: "Enregistrez Tessera comme application auprès de votre fournisseur d’identité (Okta, Microsoft Entra ID, Google Workspace, Keycloak, …) avec l’URL de redirection ci-dessous, puis saisissez ce qu’il vous donne. Les personnes ayant une adresse du domaine vérifié s’y connecteront alors.",
    redirectUrl: "URL de redirection",
    issuer: "URL de l’émetteur",
    issuerHint: "Sa configuration OpenID est lue depuis <émetteur>/.well-known/openid-configuration.",
    clientId: "ID client",
    clientSecret: "Secret client",
    secretKept: "Laissez vide pour garder le secret enregistré.",
    save: "Enregistrer",
    saved: "Fournisseur d’identité enregistré",
    on: "Activé : les personnes du domaine se connectent via votre fournisseur d’identité et rejoignent cette organisation comme membres.",
    off: "Désactivé : personne n’est encore envoyé vers votre fournisseur d’identité.",
    test: "Tester la connexion",
    testOk: "Le fournisseur d’identité a répondu : {issuer}",
    turnOn: "Activer",
    turnOff: "Désactiver",
    turnedOn: "Authentification unique activée",
    turnedOff: "Authentification unique désactivée",
  },
  // The domain policy (components/policy-section.tsx).
  policy: {
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
  },
} satisfies Messages;

export default fr;
