import type { Messages } from "@/lib/i18n.js";

/** Zasady domeny dla logowania jednokrotnego po polsku (ty). */
const pl = {
  heading: "Zasady domeny",
  description: "Co dzieje się z osobami, których adres należy do zweryfikowanej domeny, i jak się logują.",
  join: {
    heading: "Kto dołącza",
    help: "Gdy ktoś loguje się kontem społecznościowym (Google, GitHub, …), którego zweryfikowany adres należy do {domain}:",
    off: {
      label: "Nic się nie dzieje",
      description: "Dołącza tylko wtedy, gdy ktoś go zaprosi.",
    },
    invite: {
      label: "Otrzymuje zaproszenie",
      description:
        "Czeka na niego zaproszenie do tej organizacji, które przyjmuje lub odrzuca. Nie jest wysyłany żaden e-mail, a odrzucone zaproszenie nie jest oferowane ponownie.",
    },
    member: {
      label: "Dołącza automatycznie",
      description: "Zostaje członkiem tej organizacji, gdy tylko się zaloguje.",
    },
    save: "Zastosuj",
    saved: "Zapisano",
  },
  required: {
    heading: "Wymagaj logowania jednokrotnego",
    label: "Osoby z domeny logują się tylko przez twojego dostawcę tożsamości",
    help: "Bez hasła, bez logowania kontem społecznościowym ani kluczem dostępu dla adresów zweryfikowanej domeny; nie można im też ustawić ani zresetować hasła. Administratorzy witryny są wyłączeni z tej zasady. Już otwarte sesje pozostają otwarte.",
    on: "Logowanie jednokrotne jest teraz wymagane",
    off: "Logowanie jednokrotne nie jest już wymagane",
    needsConnection: "Najpierw włącz logowanie jednokrotne.",
    inactive:
      "Wymagane, ale logowanie jednokrotne jest wyłączone: dopóki nie zostanie ponownie włączone, osoby z domeny mogą używać haseł.",
  },
} satisfies Messages;

export default pl;
