import type { Messages } from "@/lib/i18n.js";

const es = {
  title: "Claves de API",
  description:
    "Las claves permiten que tus scripts y servicios llamen a Tessera en tu nombre. Una clave solo puede hacer lo que permiten sus permisos, y nunca cambiar tu contraseña, tu correo o tus claves.",
  descriptionOrganization:
    "Claves de {organization} para sus servicios. Los servicios verifican una clave con GET /api/api-keys/self; no actúa por ninguna persona.",
  create: "Crear clave de API",
  loading: "Cargando…",
  empty: "Aún no hay claves de API.",
  noScopes: "Sin permisos: solo indica a quién pertenece",
  created: "Creada",
  lastUsed: "Último uso",
  expires: "Caduca",
  neverUsed: "Nunca",
  noExpiry: "Nunca",
  revoke: "Revocar",
  revokeTitle: "¿Revocar «{name}»?",
  revokeDescription: "Todo lo que use esta clave dejará de funcionar al instante. No se puede deshacer.",
  revoked: "«{name}» revocada",
  form: {
    name: "Nombre",
    nameHint: "Para qué es la clave, p. ej. «Despliegue CI».",
    scopes: "Permisos",
    scopesHint: "Elige solo lo que la clave necesita.",
    expiry: "Caduca tras",
    never: "Nunca",
    days7: "7 días",
    days30: "30 días",
    days90: "90 días",
    days365: "1 año",
    submit: "Crear clave",
    cancel: "Cancelar",
  },
  scopes: {
    organizationsRead: "leer organizaciones, miembros, equipos e invitaciones",
    organizationsWrite: "invitar y quitar miembros, gestionar equipos",
    auditRead: "leer registros de auditoría",
    webhooksRead: "leer webhooks y sus entregas",
  },
  secret: {
    title: "Tu nueva clave de API",
    for: "Para",
    once: "Cópiala ahora: solo se muestra esta vez.",
    label: "Clave de API",
    copy: "Copiar",
    copied: "Copiada",
    done: "Listo",
    use: "Envíala como Authorization: Bearer <key> o x-api-key: <key>.",
  },
} satisfies Messages;

export default es;
