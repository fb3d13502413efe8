import type { Messages } from "@/lib/i18n.js";

/** Turkish. */
const tr = {
  title: "İki adımlı doğrulama",
  description: "Hesabınız ikinci bir adımla korunuyor. Oturum açmayı tamamlamak için siz olduğunuzu doğrulayın.",
  instructions: {
    totp: "Kimlik doğrulama uygulamanızı açın ve Tessera için gösterdiği 6 haneli kodu girin.",
    backup:
      "İki adımlı doğrulamayı açarken kaydettiğiniz yedek kodlardan birini girin. Her kod yalnızca bir kez çalışır.",
    otp: "E-posta adresinize gönderdiğimiz 6 haneli kodu girin. Kod 5 dakika geçerlidir.",
  },
  label: { totp: "Doğrulama kodu", backup: "Yedek kod", otp: "E-postadaki kod" },
  enter: {
    totp: "Kimlik doğrulama uygulamanızdaki kodu girin.",
    backup: "Bir yedek kod girin.",
    otp: "E-postadaki kodu girin.",
  },
  form: {
    totp: "Kimlik doğrulama uygulamasıyla doğrula",
    backup: "Yedek kodla doğrula",
    otp: "E-postayla gönderilen kodla doğrula",
  },
  trustDevice: "Bu cihaza 30 gün güven",
  verify: "Doğrula",
  verifying: "Doğrulanıyor…",
  other: {
    title: "Diğer doğrulama yolları",
    totp: "Kimlik doğrulama uygulamasını kullan",
    backup: "Yedek kod kullan",
    otp: "E-postayla kod gönder",
  },
  otp: {
    send: "Bana kod gönder",
    sent: "E-posta adresinize bir kod gönderdik.",
    resend: "Yeni kod gönder",
    resendIn: "Yeni kod isteyebilmenize kalan süre: {duration}.",
  },
  ended: {
    title: "Yeniden oturum açın",
    description: "Bu oturum açma denemesi sona erdi. E-posta adresinizi ve parolanızı yeniden girin.",
    signInAgain: "Oturum açmaya dön",
  },
  errors: {
    invalidCode: "Bu kod doğru değil. Kodu kontrol edip yeniden deneyin.",
    invalidBackupCode: "Bu yedek kod doğru değil ya da daha önce kullanılmış.",
    codeExpired: "Bu kodun süresi doldu. Yeni bir kod isteyin.",
    tooManyAttempts: "Çok fazla yanlış kod. Güvenliğiniz için bu deneme sonlandırıldı.",
    tooManyCodeAttempts: "Bu kod için çok fazla hatalı deneme. Yeni bir kod isteyin.",
    challengeExpired: "Parolanızı girdiğinizden bu yana çok zaman geçti. Yeniden oturum açın.",
    locked:
      "Çok fazla yanlış kod: bu hesabın iki adımlı oturum açması bir süreliğine kilitlendi. Daha sonra yeniden deneyin.",
    noApp: "Bu hesapta kimlik doğrulama uygulaması yok. Bunun yerine size e-postayla bir kod göndereceğiz.",
  },
  backToSignIn: "Oturum açmaya dön",
} satisfies Messages;

export default tr;
