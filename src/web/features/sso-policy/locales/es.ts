import type { Messages } from "@/lib/i18n.js";

/** La política de dominio del inicio de sesión único en español (tú). */
const es = {
  heading: "Política del dominio",
  description: "Qué ocurre con las personas cuya dirección está en el dominio verificado y cómo inician sesión.",
  join: {
    heading: "Quién se une",
    help: "Cuando alguien inicia sesión con una cuenta social (Google, GitHub, …) cuya dirección verificada está en {domain}:",
    off: {
      label: "No ocurre nada",
      description: "Solo se une si alguien le invita.",
    },
    invite: {
      label: "Recibe una invitación",
      description:
        "Le espera una invitación a esta organización, que acepta o rechaza. No se envía ningún correo, y una invitación rechazada no se vuelve a ofrecer.",
    },
    member: {
      label: "Se une automáticamente",
      description: "Pasa a ser miembro de esta organización en cuanto inicia sesión.",
    },
    save: "Aplicar",
    saved: "Guardado",
  },
  required: {
    heading: "Exigir el inicio de sesión único",
    label: "Las personas del dominio inician sesión solo con tu proveedor de identidad",
    help: "Sin contraseña, sin inicio de sesión con cuentas sociales ni llaves de acceso para las direcciones del dominio verificado, y no se les puede poner ni restablecer una contraseña. Los administradores del sitio quedan exentos. Las sesiones ya abiertas siguen abiertas.",
    on: "El inicio de sesión único es ahora obligatorio",
    off: "El inicio de sesión único ya no es obligatorio",
    needsConnection: "Activa primero el inicio de sesión único.",
    inactive:
      "Obligatorio, pero el inicio de sesión único está desactivado: hasta que se vuelva a activar, las personas del dominio pueden usar contraseñas.",
  },
} satisfies Messages;

export default es;
