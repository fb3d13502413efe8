import type { Messages } from "@/lib/i18n.js";

/** The single sign-on screen in Spanish. */
const es = {
  loading: "Cargando el inicio de sesión único…",
  retry: "Reintentar",
  title: "Inicio de sesión único de {name}",
  heading: "Inicio de sesión único",
  description:
    "Demuestra que un dominio de correo pertenece a esta organización. Solo un dominio verificado enviará a sus usuarios a tu proveedor de identidad.",
  notAllowed: {
    title: "Solo propietarios y administradores configuran el inicio de sesión único",
    description: "Pide ayuda a un propietario o administrador de esta organización.",
  },
  copy: {
    action: "Copiar",
    labelled: "Copiar {label}",
    done: "Copiado",
  },
  domain: {
    none: "Aún no hay dominio. Añade el dominio de las direcciones de correo de tu organización.",
    label: "Dominio",
    hint: "Por ejemplo example.com: lo que va después de la @, sin ella. Hasta 10 dominios por organización, cada uno con su propio registro TXT.",
    added: "Dominio añadido: publica el registro TXT",
    verified: "Dominio verificado",
    removed: "Dominio eliminado",
  },
  joining:
    "Una vez verificado, la «Política del dominio» de abajo decide qué ocurre con quienes inician sesión con una cuenta social (Google, GitHub, …) cuya dirección de correo verificada está en este dominio.",
  status: {
    verified: "Verificado",
    pending: "Aún sin verificar: publica el registro TXT de abajo y luego verifica.",
  },
  record: {
    heading: "Registro DNS que publicar",
    help: "En tu proveedor de DNS, añade un registro TXT con este nombre y valor. Cuando esté, elige Verificar. Los cambios de DNS pueden tardar.",
    type: "Tipo",
    name: "Nombre",
    value: "Valor",
  },
  actions: {
    add: "Añadir dominio",
    verify: "Verificar",
    remove: "Eliminar dominio",
  },
  confirm: {
    removeTitle: "¿Eliminar {domain}?",
    removeDescription:
      "El dominio dejará de estar verificado para esta organización. Para usarlo de nuevo, añádelo y verifícalo otra vez.",
    cancel: "Cancelar",
  },
  saml: {
    protocol: "Protocolo",
    protocolOidc: "OpenID Connect",
    protocolSaml: "SAML 2.0",
    replaces: "Al guardar se sustituye el proveedor de identidad guardado con el otro protocolo.",
    heading: "Proveedor de identidad (SAML 2.0)",
    help: "Crea una aplicación SAML en tu proveedor de identidad (Okta, Microsoft Entra ID, ADFS, Keycloak, …) con los valores de abajo y luego da a Tessera sus metadatos. Las aserciones deben estar firmadas; el NameID o un atributo «email» debe ser la dirección de correo de la persona.",
    spEntityId: "ID de entidad del SP (audiencia)",
    acsUrl: "URL de ACS (servicio consumidor de aserciones)",
    spMetadataUrl: "URL de metadatos del SP",
    spHint:
      "Muchos proveedores de identidad pueden leer estos valores de la URL de metadatos del SP una vez guardada una conexión SAML.",
    saved: "Proveedor de identidad SAML guardado",
    idp: "Los datos del proveedor de identidad",
    modeMetadata: "XML de metadatos",
    modeManual: "Introducir a mano",
    metadata: "Metadatos XML del IdP",
    metadataHint: "Pega el XML que tu proveedor de identidad ofrece como metadatos SAML, o sube el archivo.",
    metadataKept: "Pega metadatos nuevos para sustituir los guardados.",
    upload: "O sube el archivo de metadatos",
    entityId: "ID de entidad del IdP",
    ssoUrl: "URL de SSO",
    ssoUrlHint: "La URL de inicio de sesión único del proveedor de identidad (vinculación HTTP-Redirect).",
    certificate: "Certificado de firma",
    certificateHint: "El certificado de firma del proveedor de identidad en formato PEM (-----BEGIN CERTIFICATE-----).",
    idpEntityId: "ID de entidad del IdP",
    validUntil: "válido hasta el {date}",
    notValid: "no válido ahora (válido del {from} al {until})",
    testOk: "Los metadatos se pueden leer: {entityId}. Certificado de firma válido hasta el {date}.",
  },
  connection: {
    heading: "Proveedor de identidad (OpenID Connect)",
    help: "Registra Tessera como aplicación en tu proveedor de identidad (Okta, Microsoft Entra ID, Google Workspace, Keycloak, …) con la URL de redirección de abajo y luego introduce lo que te dé. Quienes tengan una dirección del dominio verificado iniciarán sesión allí.",
    redirectUrl: "URL de redirección",
    issuer: "URL del emisor",
    issuerHint: "Su configuración OpenID se lee de <emisor>/.well-known/openid-configuration.",
    clientId: "ID de cliente",
    clientSecret: "Secreto de cliente",
    secretKept: "Déjalo vacío para conservar el secreto guardado.",
    save: "Guardar",
    saved: "Proveedor de identidad guardado",
    on: "Activado: las personas del dominio inician sesión con tu proveedor de identidad y se unen a esta organización como miembros.",
    off: "Desactivado: aún no se envía a nadie a tu proveedor de identidad.",
    test: "Probar la conexión",
    testOk: "El proveedor de identidad respondió: {issuer}",
    turnOn: "Activar",
    turnOff: "Desactivar",
    turnedOn: "Inicio de sesión único activado",
    turnedOff: "Inicio de sesión único desactivado",
  },
  // The domain policy (components/policy-section.tsx).
  policy: {
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
  },
} satisfies Messages;

export default es;
