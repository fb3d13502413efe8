import type { Messages } from "@/lib/i18n.js";

const pl = {
  home: {
    title: "Strona główna",
    welcome: "Witaj, {name}",
    description: "Kolejne kroki, czekające na Ciebie zaproszenia i Twoje organizacje.",
    activeOrganization: "Aktywna organizacja",
    slug: "Adres",
    yourRole: "Twoja rola",
    created: "Utworzono",
    noActiveTitle: "Brak aktywnej organizacji",
    chooseDescription: "Otwórz organizację, aby w niej pracować:",
    noOrganizationsDescription:
      "Nie należysz jeszcze do żadnej organizacji. Gdy ktoś Cię zaprosi, zaproszenie pojawi się tutaj i przyjdzie e-mailem.",
    noOrganizationsCreate:
      "Nie należysz jeszcze do żadnej organizacji. Utwórz ją albo poczekaj na zaproszenie: pojawi się tutaj i przyjdzie e-mailem.",
    yourOrganizations: "Twoje organizacje",
    createOrganization: "Utwórz organizację",
    nextSteps: "Kolejne kroki",
    verifyEmailStep: "Potwierdź swój adres e-mail",
    verifyEmailHint: "Otwórz link wysłany na adres {email} albo poproś o nowy.",
    mfaStep: "Włącz weryfikację dwuetapową",
    mfaHint: "Chroni Twoje konto, nawet jeśli ktoś pozna Twoje hasło.",
    notNow: "Nie teraz",
    notNowLabel: "Ukryj ten krok: {step}",
  },
} satisfies Messages;

export default pl;
