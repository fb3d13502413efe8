import type { Messages } from "@/lib/i18n.js";

/** The SCIM provisioning screen (features/scim/locales/en.ts is the source). */
const es = {
  loading: "Cargando el aprovisionamiento…",
  retry: "Reintentar",
  title: "Aprovisionamiento (SCIM) de {name}",
  heading: "Aprovisionamiento (SCIM)",
  description:
    "Tu proveedor de identidad (Okta, Microsoft Entra ID, …) añade, actualiza y quita a los miembros de esta organización mediante SCIM 2.0.",
  notAllowed: {
    title: "Solo los propietarios y administradores configuran el aprovisionamiento",
    description: "Pídeselo a un propietario o administrador de esta organización.",
  },
  copy: {
    action: "Copiar",
    labelled: "Copiar {label}",
    done: "Copiado",
  },
  token: {
    title: "Tu nuevo token SCIM",
    once: "Cópialo ahora y pégalo en tu proveedor de identidad: solo se muestra esta vez.",
    label: "Token SCIM",
    done: "Listo, lo he copiado",
    created: "Token SCIM creado",
    revoked: "Token SCIM revocado: el aprovisionamiento está desactivado",
  },
  baseUrl: {
    label: "URL base de SCIM",
    help: "En tu proveedor de identidad, introduce esto como URL base de SCIM (URL del inquilino) y el token como token de portador (token secreto).",
  },
  status: {
    heading: "Estado",
    on: "Activado: tu proveedor de identidad puede aprovisionar miembros con su token.",
    off: "Desactivado: no hay token. Crea uno para empezar a aprovisionar.",
    active: "Activo",
    expired: "Caducado",
    revoked: "Revocado",
    decommissioned: "Retirado",
  },
  actions: {
    create: "Crear token SCIM",
    rotate: "Sustituir token",
    revoke: "Revocar token",
  },
  confirm: {
    rotateTitle: "¿Sustituir el token SCIM?",
    rotateDescription:
      "Se crea un token nuevo y el actual deja de funcionar al instante. Ponlo en tu proveedor de identidad enseguida.",
    revokeTitle: "¿Revocar el token SCIM?",
    revokeDescription:
      "Tu proveedor de identidad ya no podrá aprovisionar esta organización. Los miembros que añadió siguen siendo miembros.",
    cancel: "Cancelar",
  },
  credential: {
    heading: "Tokens",
    created: "creado el {date}",
    expires: "caduca el {date}",
    revoked: "revocado el {date}",
    lastUsed: "último uso {date}",
    neverUsed: "nunca usado",
  },
  what: {
    heading: "Qué hace el aprovisionamiento",
    users:
      "Una persona que tu proveedor de identidad asigna pasa a ser miembro de esta organización (una cuenta nueva si la dirección no tiene ninguna y pertenece a un dominio verificado de esta organización; ver Inicio de sesión único).",
    deprovision:
      "Desactivarla o eliminarla quita su membresía y cierra sus sesiones en esta organización; la cuenta en sí se conserva.",
    groups: "Los grupos se convierten en equipos con el mismo nombre y las mismas personas.",
    existing: "Una cuenta existente solo se aprovisiona si ya es miembro (no propietaria); invita antes a las demás.",
  },
} satisfies Messages;

export default es;
