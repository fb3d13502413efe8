import type { Messages } from "../../../lib/i18n.js";

/** The single sign-on screen in Polish. */
const pl = {
  loading: "Wczytywanie logowania jednokrotnego…",
  retry: "Spróbuj ponownie",
  title: "Logowanie jednokrotne: {name}",
  heading: "Logowanie jednokrotne",
  description:
    "Udowodnij, że domena e-mail należy do tej organizacji. Tylko zweryfikowana domena skieruje swoich użytkowników do Twojego dostawcy tożsamości.",
  notAllowed: {
    title: "Logowanie jednokrotne konfigurują tylko właściciele i administratorzy",
    description: "Poproś właściciela lub administratora tej organizacji.",
  },
  copy: {
    action: "Kopiuj",
    labelled: "Kopiuj: {label}",
    done: "Skopiowano",
  },
  domain: {
    none: "Brak domeny. Dodaj domenę adresów e-mail Twojej organizacji.",
    label: "Domena",
    hint: "Na przykład example.com: część po @, bez niej. Do 10 domen na organizację, każda z własnym rekordem TXT.",
    added: "Dodano domenę: opublikuj rekord TXT",
    verified: "Zweryfikowano domenę",
    removed: "Usunięto domenę",
  },
  joining:
    "Po weryfikacji „Zasady domeny” poniżej decydują, co dzieje się z osobami logującymi się kontem społecznościowym (Google, GitHub, …), którego zweryfikowany adres e-mail należy do tej domeny.",
  status: {
    verified: "Zweryfikowana",
    pending: "Jeszcze niezweryfikowana: opublikuj poniższy rekord TXT, a potem zweryfikuj.",
  },
  record: {
    heading: "Rekord DNS do opublikowania",
    help: "U swojego dostawcy DNS dodaj rekord TXT o tej nazwie i wartości. Gdy będzie gotowy, wybierz Zweryfikuj. Zmiany DNS mogą chwilę potrwać.",
    type: "Typ",
    name: "Nazwa",
    value: "Wartość",
  },
  actions: {
    add: "Dodaj domenę",
    verify: "Zweryfikuj",
    remove: "Usuń domenę",
  },
  confirm: {
    removeTitle: "Usunąć {domain}?",
    removeDescription:
      "Domena przestanie być zweryfikowana dla tej organizacji. Aby użyć jej ponownie, dodaj ją i zweryfikuj od nowa.",
    cancel: "Anuluj",
  },
  connection: {
    heading: "Dostawca tożsamości (OpenID Connect)",
    help: "Zarejestruj Tessera jako aplikację u swojego dostawcy tożsamości (Okta, Microsoft Entra ID, Google Workspace, Keycloak, …) z poniższym adresem przekierowania, a potem wpisz otrzymane dane. Osoby z adresem w zweryfikowanej domenie będą się tam logować.",
    redirectUrl: "Adres przekierowania",
    issuer: "Adres URL wystawcy",
    issuerHint: "Konfiguracja OpenID jest odczytywana z <wystawca>/.well-known/openid-configuration.",
    clientId: "Identyfikator klienta",
    clientSecret: "Sekret klienta",
    secretKept: "Zostaw puste, aby zachować zapisany sekret.",
    save: "Zapisz",
    saved: "Zapisano dostawcę tożsamości",
    on: "Włączone: osoby z domeny logują się przez Twojego dostawcę tożsamości i dołączają do tej organizacji jako członkowie.",
    off: "Wyłączone: nikt nie jest jeszcze kierowany do Twojego dostawcy tożsamości.",
    test: "Testuj połączenie",
    testOk: "Dostawca tożsamości odpowiedział: {issuer}",
    turnOn: "Włącz",
    turnOff: "Wyłącz",
    turnedOn: "Logowanie jednokrotne włączone",
    turnedOff: "Logowanie jednokrotne wyłączone",
  },
} satisfies Messages;

export default pl;
