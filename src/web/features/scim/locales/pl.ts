import type { Messages } from "@/lib/i18n.js";

/** The SCIM provisioning screen (features/scim/locales/en.ts is the source). */
const pl = {
  loading: "Wczytywanie provisioningu…",
  retry: "Spróbuj ponownie",
  title: "Provisioning (SCIM) organizacji {name}",
  heading: "Provisioning (SCIM)",
  description:
    "Twój dostawca tożsamości (Okta, Microsoft Entra ID, …) dodaje, aktualizuje i usuwa członków tej organizacji przez SCIM 2.0.",
  notAllowed: {
    title: "Provisioning konfigurują tylko właściciele i administratorzy",
    description: "Poproś właściciela lub administratora tej organizacji.",
  },
  copy: {
    action: "Kopiuj",
    labelled: "Kopiuj: {label}",
    done: "Skopiowano",
  },
  token: {
    title: "Twój nowy token SCIM",
    once: "Skopiuj go teraz i wklej u dostawcy tożsamości: jest pokazywany tylko ten jeden raz.",
    label: "Token SCIM",
    done: "Gotowe, skopiowałem",
    created: "Utworzono token SCIM",
    revoked: "Unieważniono token SCIM: provisioning jest wyłączony",
  },
  baseUrl: {
    label: "Bazowy URL SCIM",
    help: "U dostawcy tożsamości wpisz to jako bazowy URL SCIM (URL dzierżawy), a token jako token okaziciela (token tajny).",
  },
  status: {
    heading: "Stan",
    on: "Włączony: dostawca tożsamości może zarządzać członkami za pomocą swojego tokenu.",
    off: "Wyłączony: brak tokenu. Utwórz go, aby zacząć.",
    active: "Aktywny",
    expired: "Wygasły",
    revoked: "Unieważniony",
    decommissioned: "Wycofany",
  },
  actions: {
    create: "Utwórz token SCIM",
    rotate: "Zastąp token",
    revoke: "Unieważnij token",
  },
  confirm: {
    rotateTitle: "Zastąpić token SCIM?",
    rotateDescription:
      "Powstaje nowy token, a obecny natychmiast przestaje działać. Od razu wpisz nowy u dostawcy tożsamości.",
    revokeTitle: "Unieważnić token SCIM?",
    revokeDescription:
      "Dostawca tożsamości nie będzie już mógł zarządzać członkami tej organizacji. Dodani przez niego członkowie pozostają członkami.",
    cancel: "Anuluj",
  },
  credential: {
    heading: "Tokeny",
    created: "utworzony {date}",
    expires: "wygasa {date}",
    revoked: "unieważniony {date}",
    lastUsed: "ostatnio użyty {date}",
    neverUsed: "nigdy nieużyty",
  },
  what: {
    heading: "Co robi provisioning",
    users:
      "Osoba przypisana przez dostawcę tożsamości zostaje członkiem tej organizacji (nowe konto, jeśli adres go nie ma i należy do zweryfikowanej domeny tej organizacji; zob. Logowanie jednokrotne).",
    deprovision:
      "Dezaktywacja lub usunięcie odbiera członkostwo i kończy jej sesje w tej organizacji; samo konto zostaje.",
    groups: "Grupy stają się zespołami o tej samej nazwie, z tymi samymi osobami.",
    existing:
      "Istniejące konto jest obsługiwane tylko, gdy już jest członkiem (nie właścicielem); pozostałych najpierw zaproś.",
  },
} satisfies Messages;

export default pl;
