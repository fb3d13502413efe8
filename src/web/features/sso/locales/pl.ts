import type { Messages } from "@/lib/i18n.js";

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
  saml: {
    protocol: "Protokół",
    protocolOidc: "OpenID Connect",
    protocolSaml: "SAML 2.0",
    replaces: "Zapisanie zastępuje dostawcę tożsamości zapisanego z drugim protokołem.",
    heading: "Dostawca tożsamości (SAML 2.0)",
    help: "Utwórz aplikację SAML u swojego dostawcy tożsamości (Okta, Microsoft Entra ID, ADFS, Keycloak, …) z poniższymi wartościami, a potem przekaż Tessera jego metadane. Asercje muszą być podpisane; NameID lub atrybut „email” musi być adresem e-mail osoby.",
    spEntityId: "Identyfikator encji SP (odbiorca)",
    acsUrl: "Adres URL ACS (usługa odbioru asercji)",
    spMetadataUrl: "Adres URL metadanych SP",
    spHint:
      "Wielu dostawców tożsamości potrafi odczytać te wartości z adresu URL metadanych SP po zapisaniu połączenia SAML.",
    saved: "Zapisano dostawcę tożsamości SAML",
    idp: "Dane dostawcy tożsamości",
    modeMetadata: "Metadane XML",
    modeManual: "Wpisz ręcznie",
    metadata: "Metadane XML IdP",
    metadataHint: "Wklej XML, który Twój dostawca tożsamości udostępnia jako metadane SAML, albo prześlij plik.",
    metadataKept: "Wklej nowe metadane, aby zastąpić zapisane.",
    upload: "Albo prześlij plik metadanych",
    entityId: "Identyfikator encji IdP",
    ssoUrl: "Adres URL SSO",
    ssoUrlHint: "Adres URL logowania jednokrotnego dostawcy tożsamości (powiązanie HTTP-Redirect).",
    certificate: "Certyfikat podpisu",
    certificateHint: "Certyfikat podpisu dostawcy tożsamości w formacie PEM (-----BEGIN CERTIFICATE-----).",
    idpEntityId: "Identyfikator encji IdP",
    validUntil: "ważny do {date}",
    notValid: "teraz nieważny (ważny od {from} do {until})",
    testOk: "Metadane są czytelne: {entityId}. Certyfikat podpisu ważny do {date}.",
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
  // The domain policy (components/policy-section.tsx).
  policy: {
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
  },
} satisfies Messages;

export default pl;
