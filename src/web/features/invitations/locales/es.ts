import type { Messages } from "@/lib/i18n.js";

const es = {
  invitation: {
    pageTitle: "Invitación",
    loadingTitle: "Cargando la invitación…",
    signedOutTitle: "Te han invitado",
    signedOutDescription:
      "Inicia sesión o crea una cuenta con la dirección de correo a la que se envió la invitación. Volverás directamente aquí.",
    title: "Únete a {organization}",
    description: "{inviter} te ha invitado a unirte a {organization}.",
    organization: "Organización",
    invitedBy: "Invitación de",
    role: "Rol",
    sentTo: "Enviada a",
    expires: "Caduca",
    accept: "Aceptar invitación",
    reject: "Rechazar",
    acceptedTitle: "Te has unido a {organization}",
    acceptedDescription: "Ahora es tu organización activa.",
    openOrganization: "Ir a la organización",
    rejectedTitle: "Invitación rechazada",
    rejectedDescription: "No te has unido a {organization}.",
    wrongRecipientTitle: "Esta invitación es para otra persona",
    wrongRecipientDescription:
      "Has iniciado sesión como {email}, pero la invitación se envió a otra dirección. Inicia sesión con esa dirección para responder.",
    switchAccount: "Cerrar sesión y cambiar de cuenta",
    expiredTitle: "Esta invitación ha caducado",
    expiredDescription: "Pide a quien te invitó que te envíe una nueva invitación.",
    goneTitle: "Esta invitación ya no es válida",
    goneDescription: "Se canceló, o ya se aceptó o se rechazó.",
    failedTitle: "No hemos podido cargar la invitación",
  },
} satisfies Messages;

export default es;
