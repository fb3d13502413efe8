import type { Messages } from "@/lib/i18n.js";

/** French. */
const fr = {
  title: "Validation en deux étapes",
  description:
    "Votre compte est protégé par une seconde étape. Confirmez que c'est bien vous pour terminer la connexion.",
  instructions: {
    totp: "Ouvrez votre application d'authentification et saisissez le code à 6 chiffres affiché pour Tessera.",
    backup:
      "Saisissez l'un des codes de secours enregistrés lors de l'activation de la validation en deux étapes. Chaque code ne sert qu'une fois.",
    otp: "Saisissez le code à 6 chiffres envoyé à votre adresse e-mail. Il est valable 5 minutes.",
  },
  label: { totp: "Code d'authentification", backup: "Code de secours", otp: "Code reçu par e-mail" },
  enter: {
    totp: "Saisissez le code de votre application d'authentification.",
    backup: "Saisissez un code de secours.",
    otp: "Saisissez le code reçu par e-mail.",
  },
  form: {
    totp: "Valider avec votre application d'authentification",
    backup: "Valider avec un code de secours",
    otp: "Valider avec un code envoyé par e-mail",
  },
  trustDevice: "Faire confiance à cet appareil pendant 30 jours",
  verify: "Valider",
  verifying: "Validation…",
  other: {
    title: "Autres moyens de validation",
    totp: "Utiliser votre application d'authentification",
    backup: "Utiliser un code de secours",
    otp: "Recevoir un code par e-mail",
  },
  otp: {
    send: "M'envoyer un code",
    sent: "Nous avons envoyé un code à votre adresse e-mail.",
    resend: "Envoyer un nouveau code",
    resendIn: "Vous pourrez demander un nouveau code dans {duration}.",
  },
  ended: {
    title: "Reconnectez-vous",
    description: "Cette tentative de connexion est terminée. Saisissez à nouveau votre e-mail et votre mot de passe.",
    signInAgain: "Retour à la connexion",
  },
  errors: {
    invalidCode: "Ce code n'est pas correct. Vérifiez-le et réessayez.",
    invalidBackupCode: "Ce code de secours n'est pas correct ou a déjà été utilisé.",
    codeExpired: "Ce code a expiré. Demandez-en un nouveau.",
    tooManyAttempts: "Trop de codes incorrects. Par sécurité, cette tentative est terminée.",
    tooManyCodeAttempts: "Trop d'essais incorrects pour ce code. Demandez-en un nouveau.",
    challengeExpired: "Trop de temps s'est écoulé depuis la saisie de votre mot de passe. Reconnectez-vous.",
    locked:
      "Trop de codes incorrects : la connexion en deux étapes de ce compte est bloquée pour un moment. Réessayez plus tard.",
    noApp: "Ce compte n'a pas d'application d'authentification. Nous vous envoyons plutôt un code par e-mail.",
  },
  backToSignIn: "Retour à la connexion",
} satisfies Messages;

export default fr;
