import type { MailLocale } from "../i18n.js";

export const es: MailLocale = {
  greeting: "Hola, {name}:",
  greetingNoName: "Hola:",
  signature: "— El equipo de Tessera",
  linkFallback: "Si el botón no funciona, copia este enlace en tu navegador:",
  expires: "Este enlace caduca en {duration}.",
  time: "Fecha y hora: {time} (UTC)",
  footer: "Tessera ha enviado este mensaje automáticamente. Por favor, no respondas.",
  units: {
    minute: { one: "minuto", many: "de minutos", other: "minutos" },
    hour: { one: "hora", many: "de horas", other: "horas" },
    day: { one: "día", many: "de días", other: "días" },
  },
  roles: { owner: "propietario", admin: "administrador", member: "miembro" },
  twoFactorMethods: {
    totp: "un código de tu aplicación de autenticación",
    otp: "un código que te enviamos por correo",
  },
  messages: {
    "verify-email": {
      subject: "Confirma tu dirección de correo electrónico para Tessera",
      lines: ["Gracias por registrarte en Tessera. Confirma que {email} es tu dirección de correo electrónico."],
      action: "Confirmar dirección",
      after: "Si no has creado una cuenta en Tessera, puedes ignorar este mensaje.",
    },
    "change-email-confirmation": {
      subject: "Aprueba el cambio de tu dirección de correo en Tessera",
      lines: [
        "Se ha solicitado cambiar la dirección de correo de tu cuenta de Tessera a {newEmail}.",
        "Si has sido tú, aprueba el cambio. Después enviaremos un enlace de confirmación a la nueva dirección.",
      ],
      action: "Aprobar el cambio",
      after: "Si no has sido tú, ignora este mensaje y cambia tu contraseña. Tu dirección no cambiará.",
    },
    "change-email-verification": {
      subject: "Confirma tu nueva dirección de correo electrónico para Tessera",
      lines: ["Has pedido usar {email} como dirección de correo de tu cuenta de Tessera. Confirma la nueva dirección."],
      action: "Confirmar nueva dirección",
      after: "Si no has pedido este cambio, ignora este mensaje: tu cuenta conservará su dirección actual.",
    },
    "reset-password": {
      subject: "Restablece tu contraseña de Tessera",
      lines: ["Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Tessera ({email})."],
      action: "Elegir una nueva contraseña",
      after: "Si no has pedido una nueva contraseña, ignora este mensaje: tu contraseña seguirá siendo la misma.",
    },
    "delete-account": {
      subject: "Confirma la eliminación de tu cuenta de Tessera",
      lines: [
        "Has pedido eliminar tu cuenta de Tessera ({email}).",
        "Se eliminarán tu perfil, tus sesiones y tus membresías en organizaciones. Esta acción no se puede deshacer.",
      ],
      action: "Eliminar mi cuenta",
      after: "Si has cambiado de opinión o no lo has pedido tú, ignora este mensaje: tu cuenta no se modificará.",
    },
    invitation: {
      subject: "{inviter} te ha invitado a unirte a {organization} en Tessera",
      lines: ["{inviter} te ha invitado a unirte a la organización {organization} en Tessera con el rol de {role}."],
      action: "Ver la invitación",
      after: "Si no esperabas esta invitación, puedes ignorar este mensaje.",
      expires: "La invitación caduca en {duration}.",
    },
    "password-changed": {
      subject: "Se ha cambiado la contraseña de tu cuenta de Tessera",
      lines: ["Se ha cambiado la contraseña de tu cuenta de Tessera ({email})."],
      action: "Abrir Tessera",
      after:
        "Si has sido tú, no tienes que hacer nada más. Si no, restablece tu contraseña de inmediato y cierra todas las demás sesiones.",
    },
    "password-reset": {
      subject: "Se ha restablecido la contraseña de tu cuenta de Tessera",
      lines: [
        "Se ha restablecido la contraseña de tu cuenta de Tessera ({email}) con el enlace que te enviamos por correo.",
      ],
      action: "Abrir Tessera",
      after:
        "Si has sido tú, no tienes que hacer nada más. Si no, restablece tu contraseña de inmediato y cierra todas las demás sesiones.",
    },
    "account-linked": {
      subject: "Se ha vinculado una cuenta de {provider} a tu cuenta de Tessera",
      lines: [
        "Se ha vinculado una cuenta de {provider} a tu cuenta de Tessera ({email}). Ahora puedes iniciar sesión con ella.",
      ],
      action: "Abrir Tessera",
      after: "Si no has sido tú, desvincúlala en la configuración de tu cuenta y cambia tu contraseña.",
    },
    "sign-up-attempt": {
      subject: "Alguien intentó registrarse en Tessera con tu dirección",
      lines: [
        "Alguien intentó crear una cuenta de Tessera con {email}. Esa dirección ya tiene una cuenta, así que no se ha creado otra.",
        "Si has sido tú, inicia sesión con tu cuenta. Si has olvidado la contraseña, elige «¿Olvidaste tu contraseña?» en la página de inicio de sesión.",
      ],
      action: "Iniciar sesión",
      after: "Si no has sido tú, puedes ignorar este mensaje: nadie puede entrar en tu cuenta sin tu contraseña.",
    },
    "two-factor-code": {
      subject: "Tu código de inicio de sesión de Tessera: {code}",
      lines: ["Usa este código para terminar de iniciar sesión en tu cuenta de Tessera ({email}):"],
      expires: "El código caduca en {duration}.",
      after:
        "Si no intentaste iniciar sesión, alguien conoce tu contraseña: cámbiala de inmediato. Nadie entra sin este código.",
    },
    "mfa-reset": {
      subject: "Se restablecieron la verificación en dos pasos y las llaves de acceso de tu cuenta de Tessera",
      lines: [
        "Un administrador restableció la verificación en dos pasos de tu cuenta de Tessera ({email}) y eliminó sus llaves de acceso.",
        "Hasta que vuelvas a configurarlas, basta tu contraseña para iniciar sesión. Configura de nuevo la verificación en dos pasos y tus llaves de acceso en los ajustes de seguridad. Los dispositivos en los que tienes la sesión iniciada siguen conectados.",
      ],
      action: "Abrir ajustes de seguridad",
      after: "Si no lo esperabas, ponte en contacto con tu administrador.",
    },
    "two-factor-enabled": {
      subject: "La verificación en dos pasos está activada en tu cuenta de Tessera",
      lines: [
        "Se activó la verificación en dos pasos en tu cuenta de Tessera ({email}). A partir de ahora, al iniciar sesión se te pedirá {method} después de la contraseña.",
      ],
      action: "Abrir Tessera",
      after:
        "Si no fuiste tú, alguien conoce tu contraseña: restablécela de inmediato y cierra todas las demás sesiones.",
    },
    "two-factor-disabled": {
      subject: "La verificación en dos pasos está desactivada en tu cuenta de Tessera",
      lines: [
        "Se desactivó la verificación en dos pasos en tu cuenta de Tessera ({email}). Ahora basta con tu contraseña para iniciar sesión.",
      ],
      action: "Abrir Tessera",
      after:
        "Si no fuiste tú, restablece tu contraseña de inmediato y vuelve a activar la verificación en dos pasos en Ajustes → Seguridad.",
    },
    "backup-codes-regenerated": {
      subject: "Nuevos códigos de respaldo para tu cuenta de Tessera",
      lines: [
        "Se generaron nuevos códigos de respaldo para tu cuenta de Tessera ({email}). Los códigos anteriores ya no sirven.",
      ],
      action: "Abrir Tessera",
      after: "Si no fuiste tú, restablece tu contraseña de inmediato y cierra todas las demás sesiones.",
    },
    "passkey-added": {
      subject: "Se añadió una llave de acceso a tu cuenta de Tessera",
      lines: ["Se añadió una llave de acceso a tu cuenta de Tessera ({email}). Ya puede usarse para iniciar sesión."],
      action: "Abrir Tessera",
      after: "Si no fuiste tú, elimina la llave de acceso en Ajustes → Seguridad y cambia tu contraseña.",
    },
  },
};
