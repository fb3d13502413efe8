import type { Messages } from "@/lib/i18n.js";

const es = {
  home: {
    title: "Inicio",
    welcome: "Te damos la bienvenida, {name}",
    description: "Lo siguiente que puedes hacer, las invitaciones que te esperan y tus organizaciones.",
    activeOrganization: "Organización activa",
    slug: "Dirección",
    yourRole: "Tu rol",
    created: "Creada",
    noActiveTitle: "No hay ninguna organización activa",
    chooseDescription: "Abre una organización para trabajar en ella:",
    noOrganizationsDescription:
      "Todavía no perteneces a ninguna organización. Cuando alguien te invite, la invitación aparecerá aquí y te llegará por correo.",
    noOrganizationsCreate:
      "Todavía no perteneces a ninguna organización. Crea una o espera una invitación: aparecerá aquí y te llegará por correo.",
    yourOrganizations: "Tus organizaciones",
    createOrganization: "Crear organización",
    nextSteps: "Próximos pasos",
    verifyEmailStep: "Verifica tu dirección de correo",
    verifyEmailHint: "Abre el enlace que enviamos a {email} o pide uno nuevo.",
    mfaStep: "Activa la verificación en dos pasos",
    mfaHint: "Protege tu cuenta aunque alguien conozca tu contraseña.",
    notNow: "Ahora no",
    notNowLabel: "Ocultar este paso: {step}",
  },
} satisfies Messages;

export default es;
