import type { MailLocale } from "../i18n.js";

export const pl: MailLocale = {
  greeting: "Witaj, {name}!",
  greetingNoName: "Witaj!",
  signature: "— Zespół Tessera",
  linkFallback: "Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:",
  // "przez" takes the accusative: 1 godzinę, 2 godziny, 5 godzin.
  expires: "Link jest ważny przez {duration}.",
  time: "Czas: {time} (UTC)",
  footer: "Ta wiadomość została wysłana automatycznie przez Tessera. Nie odpowiadaj na nią.",
  units: {
    minute: { one: "minutę", few: "minuty", many: "minut", other: "minuty" },
    hour: { one: "godzinę", few: "godziny", many: "godzin", other: "godziny" },
    day: { one: "dzień", few: "dni", many: "dni", other: "dnia" },
  },
  roles: { owner: "właściciel", admin: "administrator", member: "członek" },
  twoFactorMethods: { totp: "kod z aplikacji uwierzytelniającej", otp: "kod wysłany e-mailem" },
  messages: {
    "verify-email": {
      subject: "Potwierdź swój adres e-mail w Tessera",
      lines: ["Dziękujemy za rejestrację w Tessera. Potwierdź, że {email} to Twój adres e-mail."],
      action: "Potwierdź adres e-mail",
      after: "Jeśli to nie Ty zakładasz konto w Tessera, zignoruj tę wiadomość.",
    },
    "change-email-confirmation": {
      subject: "Zatwierdź zmianę adresu e-mail w Tessera",
      lines: [
        "Otrzymaliśmy prośbę o zmianę adresu e-mail Twojego konta w Tessera na {newEmail}.",
        "Jeśli to Ty, zatwierdź zmianę. Następnie wyślemy link potwierdzający na nowy adres.",
      ],
      action: "Zatwierdź zmianę",
      after: "Jeśli to nie Ty, zignoruj tę wiadomość i zmień hasło. Adres pozostanie bez zmian.",
    },
    "change-email-verification": {
      subject: "Potwierdź nowy adres e-mail w Tessera",
      lines: ["Chcesz używać adresu {email} jako adresu e-mail konta w Tessera. Potwierdź nowy adres."],
      action: "Potwierdź nowy adres",
      after: "Jeśli nie prosisz o tę zmianę, zignoruj tę wiadomość – konto zachowa dotychczasowy adres.",
    },
    "reset-password": {
      subject: "Zresetuj hasło do Tessera",
      lines: ["Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta w Tessera ({email})."],
      action: "Ustaw nowe hasło",
      after: "Jeśli nie prosisz o nowe hasło, zignoruj tę wiadomość – hasło pozostanie bez zmian.",
    },
    "delete-account": {
      subject: "Potwierdź usunięcie konta w Tessera",
      lines: [
        "Otrzymaliśmy prośbę o usunięcie Twojego konta w Tessera ({email}).",
        "Usunięte zostaną Twój profil, sesje i członkostwa w organizacjach. Tej operacji nie można cofnąć.",
      ],
      action: "Usuń moje konto",
      after: "Jeśli zmienisz zdanie albo to nie Ty, zignoruj tę wiadomość – konto pozostanie bez zmian.",
    },
    invitation: {
      subject: "{inviter} zaprasza Cię do organizacji {organization} w Tessera",
      lines: ["{inviter} zaprasza Cię do dołączenia do organizacji {organization} w Tessera. Rola: {role}."],
      action: "Zobacz zaproszenie",
      after: "Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.",
      expires: "Zaproszenie jest ważne przez {duration}.",
    },
    "password-changed": {
      subject: "Hasło do Twojego konta w Tessera zostało zmienione",
      lines: ["Hasło do Twojego konta w Tessera ({email}) zostało zmienione."],
      action: "Otwórz Tessera",
      after: "Jeśli to Ty, nie musisz nic robić. Jeśli nie, natychmiast zresetuj hasło i wyloguj wszystkie inne sesje.",
    },
    "password-reset": {
      subject: "Hasło do Twojego konta w Tessera zostało zresetowane",
      lines: ["Hasło do Twojego konta w Tessera ({email}) zostało zresetowane za pomocą linku z wiadomości e-mail."],
      action: "Otwórz Tessera",
      after: "Jeśli to Ty, nie musisz nic robić. Jeśli nie, natychmiast zresetuj hasło i wyloguj wszystkie inne sesje.",
    },
    "account-linked": {
      subject: "Konto {provider} zostało połączone z Twoim kontem w Tessera",
      lines: [
        "Konto {provider} zostało połączone z Twoim kontem w Tessera ({email}). Możesz teraz logować się za jego pomocą.",
      ],
      action: "Otwórz Tessera",
      after: "Jeśli to nie Ty, odłącz je w ustawieniach konta i zmień hasło.",
    },
    "sign-up-attempt": {
      subject: "Ktoś próbował założyć konto w Tessera z Twoim adresem",
      lines: [
        "Ktoś próbował założyć konto w Tessera z adresem {email}. Ten adres ma już konto, więc nowe nie zostało utworzone.",
        "Jeśli to Ty, zaloguj się na swoje istniejące konto. Jeśli nie pamiętasz hasła, wybierz „Nie pamiętasz hasła?” na stronie logowania.",
      ],
      action: "Zaloguj się",
      after: "Jeśli to nie Ty, zignoruj tę wiadomość: bez Twojego hasła nikt nie wejdzie na Twoje konto.",
    },
    "two-factor-code": {
      subject: "Twój kod logowania do Tessera: {code}",
      lines: ["Użyj tego kodu, aby dokończyć logowanie do konta Tessera ({email}):"],
      expires: "Kod wygaśnie za {duration}.",
      after:
        "Jeśli to nie Ty próbowałeś się zalogować, ktoś zna Twoje hasło: zmień je natychmiast. Bez tego kodu nikt się nie zaloguje.",
    },
    "mfa-reset": {
      subject: "Weryfikacja dwuetapowa i klucze dostępu Twojego konta w Tessera zostały zresetowane",
      lines: [
        "Administrator zresetował weryfikację dwuetapową Twojego konta w Tessera ({email}) i usunął jego klucze dostępu.",
        "Dopóki nie skonfigurujesz ich ponownie, do logowania wystarczy samo hasło. Skonfiguruj ponownie weryfikację dwuetapową i klucze dostępu w ustawieniach bezpieczeństwa. Urządzenia, na których jesteś zalogowany, pozostają zalogowane.",
      ],
      action: "Otwórz ustawienia bezpieczeństwa",
      after: "Jeśli się tego nie spodziewałeś, skontaktuj się z administratorem.",
    },
    "two-factor-enabled": {
      subject: "Weryfikacja dwuetapowa jest włączona na Twoim koncie Tessera",
      lines: [
        "Na Twoim koncie Tessera ({email}) włączono weryfikację dwuetapową. Od teraz logowanie po haśle wymaga podania: {method}.",
      ],
      action: "Otwórz Tessera",
      after: "Jeśli to nie Ty, ktoś zna Twoje hasło: natychmiast je zresetuj i wyloguj wszystkie inne sesje.",
    },
    "two-factor-disabled": {
      subject: "Weryfikacja dwuetapowa jest wyłączona na Twoim koncie Tessera",
      lines: [
        "Na Twoim koncie Tessera ({email}) wyłączono weryfikację dwuetapową. Do logowania wystarczy teraz hasło.",
      ],
      action: "Otwórz Tessera",
      after:
        "Jeśli to nie Ty, natychmiast zresetuj hasło i ponownie włącz weryfikację dwuetapową w Ustawienia → Bezpieczeństwo.",
    },
    "backup-codes-regenerated": {
      subject: "Nowe kody zapasowe do Twojego konta Tessera",
      lines: ["Dla Twojego konta Tessera ({email}) utworzono nowe kody zapasowe. Poprzednie kody już nie działają."],
      action: "Otwórz Tessera",
      after: "Jeśli to nie Ty, natychmiast zresetuj hasło i wyloguj wszystkie inne sesje.",
    },
    "passkey-added": {
      subject: "Do Twojego konta Tessera dodano klucz dostępu",
      lines: ["Do Twojego konta Tessera ({email}) dodano klucz dostępu. Można go teraz używać do logowania."],
      action: "Otwórz Tessera",
      after: "Jeśli to nie Ty, usuń klucz dostępu w Ustawienia → Bezpieczeństwo i zmień hasło.",
    },
  },
};
