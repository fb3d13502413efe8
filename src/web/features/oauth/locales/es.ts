import type { Messages } from "@/lib/i18n.js";

/** "Iniciar sesión con Tessera" (features/oauth/locales/en.ts is the source). */
const es = {
  loading: "Cargando…",
  retry: "Reintentar",
  scopes: {
    openid: "Saber quién eres en este sitio",
    profile: "Ver tu nombre, tu imagen y tu idioma",
    email: "Ver tu correo electrónico y si está confirmado",
    offline_access: "Mantener el acceso mientras no estás",
    organizations: "Ver tu organización activa, tus roles y tus equipos en ella",
  },
  consent: {
    pageTitle: "Permitir el acceso",
    title: "¿Permitir que {app} use tu cuenta?",
    signedInAs: "Has iniciado sesión como {email}.",
    wants: "{app} solicita:",
    later: "Puedes retirarlo cuando quieras en Ajustes, en Aplicaciones conectadas.",
    allow: "Permitir",
    deny: "Denegar",
    invalidTitle: "Esta solicitud no se puede usar",
    invalidDescription:
      "El enlace está incompleto o ha caducado. Vuelve a la aplicación e inicia sesión desde allí de nuevo.",
    unknownApp: "Esta aplicación no está registrada aquí o se ha eliminado.",
  },
  continuing: "Volviendo a la aplicación…",
  connected: {
    title: "Aplicaciones conectadas",
    description:
      "Aplicaciones a las que permitiste iniciar tu sesión con esta cuenta. Si quitas una, pierde el acceso; la próxima vez volverá a preguntar.",
    empty: "Ninguna aplicación tiene acceso a tu cuenta.",
    since: "Desde {date}",
    remove: "Quitar acceso",
    removeTitle: "¿Quitar el acceso de {app}?",
    removeDescription:
      "{app} pierde el acceso a tu cuenta de inmediato y te pedirá permiso la próxima vez que la uses.",
    cancel: "Cancelar",
    removed: "Acceso de {app} quitado",
  },
  clients: {
    organizationPageTitle: "Aplicaciones (OAuth) de {organization}",
    organizationTitle: "Aplicaciones (OAuth)",
    organizationDescription:
      "Los clientes OpenID Connect de {organization}: aplicaciones en las que solo pueden iniciar sesión los miembros de {organization}. Los demás vuelven a la aplicación con un error. Siempre se pide el consentimiento.",
    owner: "Organización: {organization}",
    ownerManages: "La gestionan los propietarios y administradores de la organización.",
    title: "Aplicaciones que inician sesión con este sitio",
    description:
      "Clientes de OpenID Connect: las demás aplicaciones del equipo inician aquí la sesión de sus usuarios. Sus desarrolladores necesitan la dirección de descubrimiento y el ID de cliente (y el secreto de un cliente confidencial).",
    discovery: "Dirección de descubrimiento",
    add: "Añadir aplicación",
    empty: "Aún no hay aplicaciones.",
    clientId: "ID de cliente",
    public: "Público (PKCE, sin secreto)",
    confidential: "Confidencial (con secreto)",
    trusted: "Propia: sin pantalla de consentimiento",
    redirectUris: "URI de redirección",
    edit: "Editar",
    rotate: "Nuevo secreto",
    rotateTitle: "¿Sustituir el secreto de {app}?",
    rotateDescription: "El secreto actual deja de funcionar de inmediato. Hay que dar el nuevo a la aplicación.",
    delete: "Eliminar",
    deleteTitle: "¿Eliminar {app}?",
    deleteDescription:
      "Sus usuarios ya no podrán iniciar sesión en ella con este sitio y sus tokens dejarán de funcionar.",
    cancel: "Cancelar",
    deleted: "{app} eliminada",
    saved: "{app} guardada",
  },
  form: {
    alwaysConsent:
      "Siempre se pide el consentimiento: solo los administradores del sitio pueden marcar una aplicación como propia.",
    createTitle: "Añadir una aplicación",
    editTitle: "Editar {app}",
    name: "Nombre",
    nameHint: "Se muestra a los usuarios en la pantalla de consentimiento.",
    redirectUris: "URI de redirección",
    redirectUrisHint:
      "Una por línea, comparadas de forma exacta. Solo https; http solo para localhost. Ejemplo: https://wiki.example.com/callback",
    scopes: "Ámbitos permitidos",
    type: "Tipo de cliente",
    typePublic: "Público: una aplicación de navegador o móvil que no puede guardar un secreto",
    typeConfidential: "Confidencial: un servidor que guarda un secreto",
    typeFixed: "El tipo no se puede cambiar después de añadir la aplicación.",
    trusted: "Aplicación propia: no se pide consentimiento a los usuarios",
    save: "Guardar",
    create: "Añadir aplicación",
    cancel: "Cancelar",
    nameRequired: "Escribe un nombre.",
    redirectRequired: "Escribe al menos una URI de redirección.",
    redirectInvalid: "URI de redirección no válida: {uri}",
    backchannel: "URI de cierre de sesión back-channel (opcional)",
    backchannelHint:
      "Cuando termina la sesión de Tessera de un usuario, se envía aquí un token de cierre de sesión firmado. Solo https con un nombre público. Ejemplo: https://wiki.example.com/backchannel-logout",
    backchannelInvalid:
      "URI de cierre de sesión back-channel no válida: debe ser https, sin fragmento ni credenciales.",
    openidRequired: "El ámbito openid siempre es necesario.",
  },
  secret: {
    title: "Credenciales de la aplicación",
    once: "Copia el secreto ahora: solo se muestra esta vez.",
    clientId: "ID de cliente",
    clientSecret: "Secreto de cliente",
    copy: "Copiar",
    copied: "Copiado",
    done: "Listo",
  },
} satisfies Messages;

export default es;
