import type { Messages } from "@/lib/i18n.js";

/** The SCIM provisioning screen (features/scim/locales/en.ts is the source). */
const tr = {
  loading: "Hesap sağlama yükleniyor…",
  retry: "Tekrar dene",
  title: "{name} için hesap sağlama (SCIM)",
  heading: "Hesap sağlama (SCIM)",
  description:
    "Kimlik sağlayıcınız (Okta, Microsoft Entra ID, …) bu organizasyonun üyelerini SCIM 2.0 ile ekler, günceller ve çıkarır.",
  notAllowed: {
    title: "Hesap sağlamayı yalnızca sahipler ve yöneticiler kurar",
    description: "Bu organizasyonun bir sahibine veya yöneticisine danışın.",
  },
  copy: {
    action: "Kopyala",
    labelled: "{label} kopyala",
    done: "Kopyalandı",
  },
  token: {
    title: "Yeni SCIM belirteciniz",
    once: "Şimdi kopyalayıp kimlik sağlayıcınıza yapıştırın: yalnızca bu kez gösterilir.",
    label: "SCIM belirteci",
    done: "Tamam, kopyaladım",
    created: "SCIM belirteci oluşturuldu",
    revoked: "SCIM belirteci iptal edildi: hesap sağlama kapalı",
  },
  baseUrl: {
    label: "SCIM temel URL'si",
    help: "Kimlik sağlayıcınızda bunu SCIM temel URL'si (kiracı URL'si), belirteci de taşıyıcı belirteç (gizli belirteç) olarak girin.",
  },
  status: {
    heading: "Durum",
    on: "Açık: kimlik sağlayıcınız belirteciyle üye sağlayabilir.",
    off: "Kapalı: belirteç yok. Başlamak için bir tane oluşturun.",
    active: "Etkin",
    expired: "Süresi doldu",
    revoked: "İptal edildi",
    decommissioned: "Kullanımdan kaldırıldı",
  },
  actions: {
    create: "SCIM belirteci oluştur",
    rotate: "Belirteci değiştir",
    revoke: "Belirteci iptal et",
  },
  confirm: {
    rotateTitle: "SCIM belirteci değiştirilsin mi?",
    rotateDescription:
      "Yeni bir belirteç oluşturulur ve mevcut olan hemen çalışmaz olur. Yenisini hemen kimlik sağlayıcınıza girin.",
    revokeTitle: "SCIM belirteci iptal edilsin mi?",
    revokeDescription: "Kimlik sağlayıcınız artık bu organizasyona hesap sağlayamaz. Eklediği üyeler üye olarak kalır.",
    cancel: "Vazgeç",
  },
  credential: {
    heading: "Belirteçler",
    created: "oluşturuldu {date}",
    expires: "sona erer {date}",
    revoked: "iptal edildi {date}",
    lastUsed: "son kullanım {date}",
    neverUsed: "hiç kullanılmadı",
  },
  what: {
    heading: "Hesap sağlama ne yapar",
    users:
      "Kimlik sağlayıcınızın atadığı kişi bu organizasyonun üyesi olur (adresin hesabı yoksa ve adres bu organizasyonun doğrulanmış bir alan adındaysa yeni bir hesap açılır; bkz. Çoklu oturum açma).",
    deprovision:
      "Devre dışı bırakılması veya silinmesi üyeliği kaldırır ve bu organizasyondaki oturumlarını sonlandırır; hesabın kendisi kalır.",
    groups: "Gruplar aynı adlı ve aynı kişilerden oluşan ekiplere dönüşür.",
    existing: "Mevcut bir hesap yalnızca zaten üyeyse (sahip değilse) sağlanır; diğerlerini önce davet edin.",
  },
} satisfies Messages;

export default tr;
