import type { Messages } from "@/lib/i18n.js";

const pl = {
  title: "Klucze API",
  description:
    "Klucze pozwalają Twoim skryptom i usługom wywoływać Tessera w Twoim imieniu. Klucz może tylko to, na co pozwalają jego zakresy, i nigdy nie zmieni hasła, adresu e-mail ani kluczy.",
  descriptionOrganization:
    "Klucze organizacji {organization} dla jej usług. Usługi sprawdzają klucz przez GET /api/api-keys/self; nie działa on w imieniu żadnej osoby.",
  create: "Utwórz klucz API",
  loading: "Wczytywanie…",
  empty: "Nie ma jeszcze kluczy API.",
  noScopes: "Brak zakresów: mówi tylko, do kogo należy",
  created: "Utworzono",
  lastUsed: "Ostatnio użyto",
  expires: "Wygasa",
  neverUsed: "Nigdy",
  noExpiry: "Nigdy",
  revoke: "Unieważnij",
  revokeTitle: "Unieważnić „{name}”?",
  revokeDescription: "Wszystko, co używa tego klucza, natychmiast przestanie działać. Tego nie można cofnąć.",
  revoked: "Unieważniono „{name}”",
  form: {
    name: "Nazwa",
    nameHint: "Do czego służy klucz, np. „Wdrożenie CI”.",
    scopes: "Zakresy",
    scopesHint: "Wybierz tylko to, czego klucz potrzebuje.",
    expiry: "Wygasa po",
    never: "Nigdy",
    days7: "7 dniach",
    days30: "30 dniach",
    days90: "90 dniach",
    days365: "1 roku",
    submit: "Utwórz klucz",
    cancel: "Anuluj",
  },
  scopes: {
    organizationsRead: "odczyt organizacji, członków, zespołów i zaproszeń",
    organizationsWrite: "zapraszanie i usuwanie członków, zarządzanie zespołami",
    auditRead: "odczyt dzienników audytu",
    webhooksRead: "odczyt webhooków i ich dostarczeń",
  },
  secret: {
    title: "Twój nowy klucz API",
    for: "Dla",
    once: "Skopiuj go teraz: jest pokazywany tylko ten jeden raz.",
    label: "Klucz API",
    copy: "Kopiuj",
    copied: "Skopiowano",
    done: "Gotowe",
    use: "Wysyłaj go jako Authorization: Bearer <key> lub x-api-key: <key>.",
  },
} satisfies Messages;

export default pl;
