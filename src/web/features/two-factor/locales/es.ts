import type { Messages } from "@/lib/i18n.js";

/** Spanish. */
const es = {
  title: "Verificación en dos pasos",
  description: "Tu cuenta está protegida con un segundo paso. Confirma que eres tú para terminar de iniciar sesión.",
  instructions: {
    totp: "Abre tu aplicación de autenticación e introduce el código de 6 dígitos que muestra para Tessera.",
    backup:
      "Introduce uno de los códigos de respaldo que guardaste al activar la verificación en dos pasos. Cada código funciona una sola vez.",
    otp: "Introduce el código de 6 dígitos que enviamos a tu correo electrónico. Es válido durante 5 minutos.",
  },
  label: { totp: "Código de autenticación", backup: "Código de respaldo", otp: "Código del correo" },
  enter: {
    totp: "Introduce el código de tu aplicación de autenticación.",
    backup: "Introduce un código de respaldo.",
    otp: "Introduce el código del correo.",
  },
  form: {
    totp: "Verificar con tu aplicación de autenticación",
    backup: "Verificar con un código de respaldo",
    otp: "Verificar con un código enviado por correo",
  },
  trustDevice: "Confiar en este dispositivo durante 30 días",
  verify: "Verificar",
  verifying: "Verificando…",
  other: {
    title: "Otras formas de verificar",
    totp: "Usar tu aplicación de autenticación",
    backup: "Usar un código de respaldo",
    otp: "Enviar un código por correo",
  },
  otp: {
    send: "Enviarme un código",
    sent: "Hemos enviado un código a tu correo electrónico.",
    resend: "Enviar un código nuevo",
    resendIn: "Podrás pedir un código nuevo dentro de {duration}.",
  },
  ended: {
    title: "Vuelve a iniciar sesión",
    description: "Este intento de inicio de sesión ha terminado. Introduce de nuevo tu correo y tu contraseña.",
    signInAgain: "Volver a iniciar sesión",
  },
  errors: {
    invalidCode: "Ese código no es correcto. Revísalo e inténtalo de nuevo.",
    invalidBackupCode: "Ese código de respaldo no es correcto o ya se usó.",
    codeExpired: "Este código ha caducado. Pide uno nuevo.",
    tooManyAttempts: "Demasiados códigos incorrectos. Por tu seguridad, este intento ha terminado.",
    tooManyCodeAttempts: "Demasiados intentos fallidos con este código. Pide uno nuevo.",
    challengeExpired: "Ha pasado demasiado tiempo desde que introdujiste tu contraseña. Vuelve a iniciar sesión.",
    locked:
      "Demasiados códigos incorrectos: el inicio de sesión en dos pasos de esta cuenta está bloqueado durante un tiempo. Inténtalo más tarde.",
    noApp: "Esta cuenta no tiene aplicación de autenticación. Te enviaremos un código por correo.",
  },
  backToSignIn: "Volver a iniciar sesión",
} satisfies Messages;

export default es;
