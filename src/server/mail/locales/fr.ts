import type { MailLocale } from "../i18n.js";

// French typography: a narrow no-break space (U+202F) before ":" and ";".
export const fr: MailLocale = {
  greeting: "Bonjour {name},",
  greetingNoName: "Bonjour,",
  signature: "— L’équipe Tessera",
  linkFallback: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u202f:",
  expires: "Ce lien expire dans {duration}.",
  time: "Date\u202f: {time} (UTC)",
  footer: "Ce message a été envoyé automatiquement par Tessera. Merci de ne pas y répondre.",
  units: {
    minute: { one: "minute", many: "de minutes", other: "minutes" },
    hour: { one: "heure", many: "d’heures", other: "heures" },
    day: { one: "jour", many: "de jours", other: "jours" },
  },
  roles: { owner: "propriétaire", admin: "administrateur", member: "membre" },
  twoFactorMethods: { totp: "un code de votre application d’authentification", otp: "un code envoyé par e-mail" },
  messages: {
    "verify-email": {
      subject: "Confirmez votre adresse e-mail pour Tessera",
      lines: [
        "Merci pour votre inscription sur Tessera. Veuillez confirmer que {email} est bien votre adresse e-mail.",
      ],
      action: "Confirmer l’adresse e-mail",
      after: "Si vous n’avez pas créé de compte Tessera, vous pouvez ignorer cet e-mail.",
    },
    "change-email-confirmation": {
      subject: "Approuvez le changement de votre adresse e-mail Tessera",
      lines: [
        "Une demande a été faite pour remplacer l’adresse e-mail de votre compte Tessera par {newEmail}.",
        "Si c’est bien vous, approuvez le changement. Nous enverrons ensuite un lien de confirmation à la nouvelle adresse.",
      ],
      action: "Approuver le changement",
      after:
        "Si ce n’est pas vous, ignorez cet e-mail et changez votre mot de passe. Votre adresse ne sera pas modifiée.",
    },
    "change-email-verification": {
      subject: "Confirmez votre nouvelle adresse e-mail pour Tessera",
      lines: [
        "Vous souhaitez utiliser {email} comme adresse e-mail de votre compte Tessera. Veuillez confirmer cette nouvelle adresse.",
      ],
      action: "Confirmer la nouvelle adresse",
      after:
        "Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u202f; votre compte conserve son adresse actuelle.",
    },
    "reset-password": {
      subject: "Réinitialisez votre mot de passe Tessera",
      lines: ["Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Tessera ({email})."],
      action: "Choisir un nouveau mot de passe",
      after:
        "Si vous n’avez pas demandé de nouveau mot de passe, ignorez cet e-mail\u202f; votre mot de passe reste inchangé.",
    },
    "delete-account": {
      subject: "Confirmez la suppression de votre compte Tessera",
      lines: [
        "Vous avez demandé la suppression de votre compte Tessera ({email}).",
        "Votre profil, vos sessions et vos adhésions aux organisations seront supprimés. Cette action est irréversible.",
      ],
      action: "Supprimer mon compte",
      after:
        "Si vous avez changé d’avis ou n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u202f; votre compte reste inchangé.",
    },
    invitation: {
      subject: "{inviter} vous invite à rejoindre {organization} sur Tessera",
      lines: ["{inviter} vous invite à rejoindre l’organisation {organization} sur Tessera en tant que {role}."],
      action: "Voir l’invitation",
      after: "Si vous ne vous attendiez pas à cette invitation, vous pouvez ignorer cet e-mail.",
      expires: "L’invitation expire dans {duration}.",
    },
    "password-changed": {
      subject: "Le mot de passe de votre compte Tessera a été modifié",
      lines: ["Le mot de passe de votre compte Tessera ({email}) a été modifié."],
      action: "Ouvrir Tessera",
      after:
        "Si c’est bien vous, vous n’avez rien d’autre à faire. Sinon, réinitialisez immédiatement votre mot de passe et déconnectez toutes les autres sessions.",
    },
    "password-reset": {
      subject: "Le mot de passe de votre compte Tessera a été réinitialisé",
      lines: [
        "Le mot de passe de votre compte Tessera ({email}) a été réinitialisé à l’aide du lien envoyé par e-mail.",
      ],
      action: "Ouvrir Tessera",
      after:
        "Si c’est bien vous, vous n’avez rien d’autre à faire. Sinon, réinitialisez immédiatement votre mot de passe et déconnectez toutes les autres sessions.",
    },
    "account-linked": {
      subject: "Un compte {provider} a été associé à votre compte Tessera",
      lines: [
        "Un compte {provider} a été associé à votre compte Tessera ({email}). Vous pouvez désormais l’utiliser pour vous connecter.",
      ],
      action: "Ouvrir Tessera",
      after: "Si ce n’est pas vous, dissociez-le dans les paramètres de votre compte et changez votre mot de passe.",
    },
    "sign-up-attempt": {
      subject: "Quelqu’un a tenté de s’inscrire sur Tessera avec votre adresse",
      lines: [
        "Quelqu’un a tenté de créer un compte Tessera avec {email}. Cette adresse a déjà un compte\u202f; aucun nouveau compte n’a été créé.",
        "Si c’était vous, connectez-vous avec votre compte existant. Si vous avez oublié le mot de passe, choisissez «\u202fMot de passe oublié\u202f?\u202f» sur la page de connexion.",
      ],
      action: "Se connecter",
      after:
        "Si ce n’était pas vous, vous pouvez ignorer cet e-mail\u202f: personne n’accède à votre compte sans votre mot de passe.",
    },
    "two-factor-code": {
      subject: "Votre code de connexion Tessera : {code}",
      lines: ["Saisissez ce code pour terminer la connexion à votre compte Tessera ({email}) :"],
      expires: "Ce code expire dans {duration}.",
      after:
        "Si vous n’avez pas essayé de vous connecter, quelqu’un connaît votre mot de passe : changez-le tout de suite. Personne n’entre sans ce code.",
    },
    "mfa-reset": {
      subject: "La validation en deux étapes et les clés d’accès de votre compte Tessera ont été réinitialisées",
      lines: [
        "Un administrateur a réinitialisé la validation en deux étapes de votre compte Tessera ({email}) et supprimé ses clés d’accès.",
        "Tant que vous ne les avez pas reconfigurées, votre mot de passe suffit pour vous connecter. Configurez à nouveau la validation en deux étapes et vos clés d’accès dans vos paramètres de sécurité. Les appareils sur lesquels vous êtes connecté restent connectés.",
      ],
      action: "Ouvrir les paramètres de sécurité",
      after: "Si vous ne vous y attendiez pas, contactez votre administrateur.",
    },
    "two-factor-enabled": {
      subject: "La validation en deux étapes est activée sur votre compte Tessera",
      lines: [
        "La validation en deux étapes a été activée sur votre compte Tessera ({email}). Désormais, la connexion demande {method} après votre mot de passe.",
      ],
      action: "Ouvrir Tessera",
      after:
        "Si ce n’était pas vous, quelqu’un connaît votre mot de passe : réinitialisez-le tout de suite et déconnectez toutes les autres sessions.",
    },
    "two-factor-disabled": {
      subject: "La validation en deux étapes est désactivée sur votre compte Tessera",
      lines: [
        "La validation en deux étapes a été désactivée sur votre compte Tessera ({email}). Votre mot de passe suffit désormais pour vous connecter.",
      ],
      action: "Ouvrir Tessera",
      after:
        "Si ce n’était pas vous, réinitialisez tout de suite votre mot de passe et réactivez la validation en deux étapes dans Paramètres → Sécurité.",
    },
    "backup-codes-regenerated": {
      subject: "Nouveaux codes de secours pour votre compte Tessera",
      lines: [
        "De nouveaux codes de secours ont été créés pour votre compte Tessera ({email}). Les anciens codes ne fonctionnent plus.",
      ],
      action: "Ouvrir Tessera",
      after:
        "Si ce n’était pas vous, réinitialisez tout de suite votre mot de passe et déconnectez toutes les autres sessions.",
    },
    "passkey-added": {
      subject: "Une clé d’accès a été ajoutée à votre compte Tessera",
      lines: [
        "Une clé d’accès a été ajoutée à votre compte Tessera ({email}). Elle peut désormais servir à vous connecter.",
      ],
      action: "Ouvrir Tessera",
      after:
        "Si ce n’était pas vous, supprimez la clé d’accès dans Paramètres → Sécurité et changez votre mot de passe.",
    },
  },
};
