import type { Messages } from "@/lib/i18n.js";

/** Çoklu oturum açma alan adı politikası Türkçe (siz). */
const tr = {
  heading: "Alan adı politikası",
  description: "Adresi doğrulanmış alan adında olan kişilere ne olacağı ve nasıl oturum açacakları.",
  join: {
    heading: "Kimler katılır",
    help: "Biri, doğrulanmış adresi {domain} alan adında olan bir sosyal hesapla (Google, GitHub, …) oturum açtığında:",
    off: {
      label: "Hiçbir şey olmaz",
      description: "Yalnızca biri davet ederse katılır.",
    },
    invite: {
      label: "Bir davet alır",
      description:
        "Bu kuruluşa bir davet onu bekler; daveti kabul eder ya da reddeder. E-posta gönderilmez ve reddedilen davet yeniden sunulmaz.",
    },
    member: {
      label: "Otomatik olarak katılır",
      description: "Oturum açar açmaz bu kuruluşun üyesi olur.",
    },
    save: "Uygula",
    saved: "Kaydedildi",
  },
  required: {
    heading: "Çoklu oturum açmayı zorunlu kıl",
    label: "Alan adındaki kişiler yalnızca kimlik sağlayıcınızla oturum açar",
    help: "Doğrulanmış alan adındaki adresler için parola, sosyal hesap veya geçiş anahtarıyla oturum açma yoktur; bu kişiler için parola belirlenemez ya da sıfırlanamaz. Site yöneticileri bunun dışındadır. Açık oturumlar açık kalır.",
    on: "Çoklu oturum açma artık zorunlu",
    off: "Çoklu oturum açma artık zorunlu değil",
    needsConnection: "Önce çoklu oturum açmayı açın.",
    inactive:
      "Zorunlu, ancak çoklu oturum açma kapalı: yeniden açılana kadar alan adındaki kişiler parola kullanabilir.",
  },
} satisfies Messages;

export default tr;
