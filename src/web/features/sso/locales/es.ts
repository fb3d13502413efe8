import type { Messages } from "../../../lib/i18n.js";

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
    hint: "Por ejemplo example.com: lo que va después de la @, sin ella. Un dominio por organización.",
    added: "Dominio añadido: publica el registro TXT",
    verified: "Dominio verificado",
    removed: "Dominio eliminado",
  },
  joining:
    "Una vez verificado, quienes inicien sesión con una cuenta social (Google, GitHub, …) cuya dirección de correo verificada esté en este dominio se unen a esta organización como miembros.",
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
} satisfies Messages;

export default es;
