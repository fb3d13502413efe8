import type { Messages } from "@/lib/i18n.js";

/** Polish. */
const pl = {
  title: "Weryfikacja dwuetapowa",
  description: "Twoje konto jest chronione drugim krokiem. Potwierdź, że to Ty, aby dokończyć logowanie.",
  instructions: {
    totp: "Otwórz aplikację uwierzytelniającą i wpisz 6-cyfrowy kod, który pokazuje dla Tessera.",
    backup:
      "Wpisz jeden z kodów zapasowych zapisanych przy włączaniu weryfikacji dwuetapowej. Każdy kod działa tylko raz.",
    otp: "Wpisz 6-cyfrowy kod, który wysłaliśmy na Twój adres e-mail. Jest ważny przez 5 minut.",
  },
  label: { totp: "Kod uwierzytelniający", backup: "Kod zapasowy", otp: "Kod z e-maila" },
  enter: {
    totp: "Wpisz kod z aplikacji uwierzytelniającej.",
    backup: "Wpisz kod zapasowy.",
    otp: "Wpisz kod z e-maila.",
  },
  form: {
    totp: "Weryfikacja aplikacją uwierzytelniającą",
    backup: "Weryfikacja kodem zapasowym",
    otp: "Weryfikacja kodem wysłanym e-mailem",
  },
  trustDevice: "Ufaj temu urządzeniu przez 30 dni",
  verify: "Zweryfikuj",
  verifying: "Weryfikowanie…",
  other: {
    title: "Inne sposoby weryfikacji",
    totp: "Użyj aplikacji uwierzytelniającej",
    backup: "Użyj kodu zapasowego",
    otp: "Wyślij kod e-mailem",
  },
  otp: {
    send: "Wyślij mi kod",
    sent: "Wysłaliśmy kod na Twój adres e-mail.",
    resend: "Wyślij nowy kod",
    resendIn: "O nowy kod możesz poprosić za {duration}.",
  },
  ended: {
    title: "Zaloguj się ponownie",
    description: "Ta próba logowania została zakończona. Wpisz ponownie e-mail i hasło.",
    signInAgain: "Wróć do logowania",
  },
  errors: {
    invalidCode: "Ten kod jest nieprawidłowy. Sprawdź go i spróbuj ponownie.",
    invalidBackupCode: "Ten kod zapasowy jest nieprawidłowy lub został już użyty.",
    codeExpired: "Ten kod wygasł. Poproś o nowy.",
    tooManyAttempts: "Zbyt wiele błędnych kodów. Dla Twojego bezpieczeństwa ta próba została zakończona.",
    tooManyCodeAttempts: "Zbyt wiele nieudanych prób dla tego kodu. Poproś o nowy.",
    challengeExpired: "Od wpisania hasła minęło zbyt dużo czasu. Zaloguj się ponownie.",
    locked:
      "Zbyt wiele błędnych kodów: logowanie dwuetapowe do tego konta jest na jakiś czas zablokowane. Spróbuj ponownie później.",
    noApp: "To konto nie ma aplikacji uwierzytelniającej. Zamiast tego wyślemy Ci kod e-mailem.",
  },
  backToSignIn: "Wróć do logowania",
} satisfies Messages;

export default pl;
