import type { Messages } from "@/lib/i18n.js";

const pl = {
  invitation: {
    pageTitle: "Zaproszenie",
    loadingTitle: "Wczytujemy zaproszenie…",
    signedOutTitle: "Masz zaproszenie",
    signedOutDescription:
      "Zaloguj się lub załóż konto na adres e-mail, na który wysłano zaproszenie. Potem od razu wrócisz tutaj.",
    title: "Dołącz do {organization}",
    description: "{inviter} zaprasza Cię do organizacji {organization}.",
    organization: "Organizacja",
    invitedBy: "Zaproszenie od",
    role: "Rola",
    sentTo: "Wysłano do",
    expires: "Wygasa",
    accept: "Przyjmij zaproszenie",
    reject: "Odrzuć",
    acceptedTitle: "Dołączyłeś(-aś) do {organization}",
    acceptedDescription: "To jest teraz Twoja aktywna organizacja.",
    openOrganization: "Przejdź do organizacji",
    rejectedTitle: "Zaproszenie odrzucone",
    rejectedDescription: "Nie dołączono do {organization}.",
    wrongRecipientTitle: "To zaproszenie jest dla kogoś innego",
    wrongRecipientDescription:
      "Jesteś zalogowany(-a) jako {email}, ale zaproszenie wysłano na inny adres. Zaloguj się tamtym adresem, aby na nie odpowiedzieć.",
    switchAccount: "Wyloguj się i zmień konto",
    expiredTitle: "To zaproszenie wygasło",
    expiredDescription: "Poproś osobę, która Cię zaprosiła, o wysłanie nowego zaproszenia.",
    goneTitle: "To zaproszenie jest już nieważne",
    goneDescription: "Zostało anulowane albo już przyjęte lub odrzucone.",
    failedTitle: "Nie udało się wczytać zaproszenia",
  },
} satisfies Messages;

export default pl;
