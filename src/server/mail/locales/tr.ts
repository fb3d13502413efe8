import type { MailLocale } from "../i18n.js";

// Turkish nouns stay singular after a number ("48 saat"); every form is the same.
export const tr: MailLocale = {
  greeting: "Merhaba {name},",
  greetingNoName: "Merhaba,",
  signature: "— Tessera Ekibi",
  linkFallback: "Düğme çalışmıyorsa bu bağlantıyı kopyalayıp tarayıcınıza yapıştırın:",
  expires: "Bu bağlantı {duration} boyunca geçerlidir.",
  time: "Zaman: {time} (UTC)",
  footer: "Bu ileti Tessera tarafından otomatik olarak gönderildi. Lütfen yanıtlamayın.",
  units: {
    minute: { one: "dakika", other: "dakika" },
    hour: { one: "saat", other: "saat" },
    day: { one: "gün", other: "gün" },
  },
  roles: { owner: "sahip", admin: "yönetici", member: "üye" },
  twoFactorMethods: { totp: "kimlik doğrulama uygulamanızdaki bir kod", otp: "e-postayla gönderilen bir kod" },
  messages: {
    "verify-email": {
      subject: "Tessera için e-posta adresinizi doğrulayın",
      lines: ["Tessera'ya kaydolduğunuz için teşekkür ederiz. Lütfen {email} adresinin size ait olduğunu doğrulayın."],
      action: "E-posta adresini doğrula",
      after: "Tessera hesabı oluşturmadıysanız bu e-postayı yok sayabilirsiniz.",
    },
    "change-email-confirmation": {
      subject: "Tessera e-posta adresi değişikliğinizi onaylayın",
      lines: [
        "Tessera hesabınızın e-posta adresinin {newEmail} olarak değiştirilmesi istendi.",
        "Bu isteği siz yaptıysanız değişikliği onaylayın. Ardından yeni adrese bir doğrulama bağlantısı göndereceğiz.",
      ],
      action: "Değişikliği onayla",
      after: "Bu isteği siz yapmadıysanız bu e-postayı yok sayın ve şifrenizi değiştirin. Adresiniz değişmeyecek.",
    },
    "change-email-verification": {
      subject: "Tessera için yeni e-posta adresinizi doğrulayın",
      lines: [
        "Tessera hesabınızın e-posta adresi olarak {email} adresini kullanmak istediniz. Lütfen yeni adresi doğrulayın.",
      ],
      action: "Yeni adresi doğrula",
      after: "Bu değişikliği siz istemediyseniz bu e-postayı yok sayın; hesabınız mevcut adresini korur.",
    },
    "reset-password": {
      subject: "Tessera şifrenizi sıfırlayın",
      lines: ["Tessera hesabınızın ({email}) şifresini sıfırlama isteği aldık."],
      action: "Yeni şifre belirle",
      after: "Yeni şifre istemediyseniz bu e-postayı yok sayın; şifreniz değişmeyecek.",
    },
    "delete-account": {
      subject: "Tessera hesabınızın silinmesini onaylayın",
      lines: [
        "Tessera hesabınızın ({email}) silinmesini istediniz.",
        "Profiliniz, oturumlarınız ve kuruluş üyelikleriniz silinecek. Bu işlem geri alınamaz.",
      ],
      action: "Hesabımı sil",
      after:
        "Fikrinizi değiştirdiyseniz veya bu isteği siz yapmadıysanız bu e-postayı yok sayın; hesabınız olduğu gibi kalır.",
    },
    invitation: {
      subject: "{inviter} sizi Tessera'da {organization} kuruluşuna davet etti",
      lines: ["{inviter}, sizi Tessera'daki {organization} kuruluşuna {role} rolüyle katılmaya davet etti."],
      action: "Daveti görüntüle",
      after: "Bu daveti beklemiyorsanız bu e-postayı yok sayabilirsiniz.",
      expires: "Davet {duration} boyunca geçerlidir.",
    },
    "password-changed": {
      subject: "Tessera şifreniz değiştirildi",
      lines: ["Tessera hesabınızın ({email}) şifresi değiştirildi."],
      action: "Tessera'yı aç",
      after:
        "Bu işlemi siz yaptıysanız başka bir şey yapmanıza gerek yok. Siz yapmadıysanız hemen şifrenizi sıfırlayın ve diğer tüm oturumlarınızı kapatın.",
    },
    "password-reset": {
      subject: "Tessera şifreniz sıfırlandı",
      lines: ["Tessera hesabınızın ({email}) şifresi, e-postayla gönderdiğimiz bağlantı kullanılarak sıfırlandı."],
      action: "Tessera'yı aç",
      after:
        "Bu işlemi siz yaptıysanız başka bir şey yapmanıza gerek yok. Siz yapmadıysanız hemen şifrenizi sıfırlayın ve diğer tüm oturumlarınızı kapatın.",
    },
    "account-linked": {
      subject: "Tessera hesabınıza bir {provider} hesabı bağlandı",
      lines: ["Tessera hesabınıza ({email}) bir {provider} hesabı bağlandı. Artık bu hesapla da giriş yapabilirsiniz."],
      action: "Tessera'yı aç",
      after: "Bu işlemi siz yapmadıysanız hesap ayarlarınızdan bağlantıyı kaldırın ve şifrenizi değiştirin.",
    },
    "sign-up-attempt": {
      subject: "Biri adresinizle Tessera'ya kaydolmaya çalıştı",
      lines: [
        "Biri {email} adresiyle bir Tessera hesabı oluşturmaya çalıştı. Bu adresin zaten bir hesabı olduğu için yeni hesap oluşturulmadı.",
        "Bu sizseniz mevcut hesabınızla giriş yapın. Şifrenizi unuttuysanız giriş sayfasında “Parolanızı mı unuttunuz?” seçeneğini kullanın.",
      ],
      action: "Giriş yap",
      after: "Bu siz değilseniz bu e-postayı yok sayabilirsiniz: şifreniz olmadan kimse hesabınıza giremez.",
    },
    "two-factor-code": {
      subject: "Tessera giriş kodunuz: {code}",
      lines: ["Tessera hesabınıza ({email}) girişi tamamlamak için bu kodu kullanın:"],
      expires: "Bu kodun süresi {duration} içinde dolar.",
      after:
        "Giriş yapmayı siz denemediyseniz, biri şifrenizi biliyor: hemen değiştirin. Bu kod olmadan kimse giremez.",
    },
    "mfa-reset": {
      subject: "Tessera iki adımlı doğrulamanız ve geçiş anahtarlarınız sıfırlandı",
      lines: [
        "Bir yönetici, Tessera hesabınızın ({email}) iki adımlı doğrulamasını sıfırladı ve geçiş anahtarlarını kaldırdı.",
        "Bunları yeniden kurana kadar giriş için yalnızca şifreniz yeterlidir. İki adımlı doğrulamayı ve geçiş anahtarlarınızı güvenlik ayarlarınızdan yeniden kurun. Giriş yaptığınız cihazlarda oturumunuz açık kalır.",
      ],
      action: "Güvenlik ayarlarını aç",
      after: "Bunu beklemiyorduysanız yöneticinizle iletişime geçin.",
    },
    "two-factor-enabled": {
      subject: "Tessera hesabınızda iki adımlı doğrulama açık",
      lines: [
        "Tessera hesabınızda ({email}) iki adımlı doğrulama açıldı. Bundan sonra girişte parolanızdan sonra {method} istenecek.",
      ],
      action: "Tessera'yı aç",
      after: "Bu siz değilseniz biri parolanızı biliyor: parolanızı hemen sıfırlayın ve diğer tüm oturumları kapatın.",
    },
    "two-factor-disabled": {
      subject: "Tessera hesabınızda iki adımlı doğrulama kapalı",
      lines: [
        "Tessera hesabınızda ({email}) iki adımlı doğrulama kapatıldı. Giriş için artık yalnızca parolanız yeterli.",
      ],
      action: "Tessera'yı aç",
      after:
        "Bu siz değilseniz parolanızı hemen sıfırlayın ve iki adımlı doğrulamayı Ayarlar → Güvenlik bölümünden yeniden açın.",
    },
    "backup-codes-regenerated": {
      subject: "Tessera hesabınız için yeni yedek kodlar",
      lines: ["Tessera hesabınız ({email}) için yeni yedek kodlar oluşturuldu. Önceki kodlar artık geçerli değil."],
      action: "Tessera'yı aç",
      after: "Bu siz değilseniz parolanızı hemen sıfırlayın ve diğer tüm oturumları kapatın.",
    },
    "passkey-added": {
      subject: "Tessera hesabınıza bir geçiş anahtarı eklendi",
      lines: ["Tessera hesabınıza ({email}) bir geçiş anahtarı eklendi. Artık giriş için kullanılabilir."],
      action: "Tessera'yı aç",
      after: "Bu siz değilseniz geçiş anahtarını Ayarlar → Güvenlik bölümünden kaldırın ve parolanızı değiştirin.",
    },
  },
};
