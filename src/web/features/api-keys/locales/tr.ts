import type { Messages } from "@/lib/i18n.js";

const tr = {
  title: "API anahtarları",
  description:
    "Anahtarlar, betiklerinizin ve hizmetlerinizin Tessera'yı sizin adınıza çağırmasını sağlar. Bir anahtar yalnızca kapsamlarının izin verdiğini yapabilir; parolanızı, e-postanızı veya anahtarlarınızı asla değiştiremez.",
  descriptionOrganization:
    "{organization} kuruluşunun hizmetleri için anahtarları. Hizmetler bir anahtarı GET /api/api-keys/self ile doğrular; hiçbir kişi adına işlem yapmaz.",
  create: "API anahtarı oluştur",
  loading: "Yükleniyor…",
  empty: "Henüz API anahtarı yok.",
  noScopes: "Kapsam yok: yalnızca kime ait olduğunu söyler",
  created: "Oluşturuldu",
  lastUsed: "Son kullanım",
  expires: "Bitiş",
  neverUsed: "Hiç",
  noExpiry: "Hiçbir zaman",
  revoke: "İptal et",
  revokeTitle: "“{name}” iptal edilsin mi?",
  revokeDescription: "Bu anahtarı kullanan her şey hemen çalışmayı durdurur. Bu işlem geri alınamaz.",
  revoked: "“{name}” iptal edildi",
  form: {
    name: "Ad",
    nameHint: "Anahtarın ne için olduğu, ör. “CI dağıtımı”.",
    scopes: "Kapsamlar",
    scopesHint: "Yalnızca anahtarın ihtiyaç duyduklarını seçin.",
    expiry: "Geçerlilik süresi",
    never: "Süresiz",
    days7: "7 gün",
    days30: "30 gün",
    days90: "90 gün",
    days365: "1 yıl",
    submit: "Anahtar oluştur",
    cancel: "Vazgeç",
  },
  scopes: {
    organizationsRead: "kuruluşları, üyeleri, ekipleri ve davetleri okuma",
    organizationsWrite: "üye davet etme ve çıkarma, ekipleri yönetme",
    auditRead: "denetim günlüklerini okuma",
    webhooksRead: "webhook uç noktalarını ve teslimatlarını okuma",
  },
  secret: {
    title: "Yeni API anahtarınız",
    for: "Kullanım",
    once: "Şimdi kopyalayın: yalnızca bu kez gösterilir.",
    label: "API anahtarı",
    copy: "Kopyala",
    copied: "Kopyalandı",
    done: "Tamam",
    use: "Authorization: Bearer <key> veya x-api-key: <key> olarak gönderin.",
  },
} satisfies Messages;

export default tr;
