import type { Messages } from "@/lib/i18n.js";

const tr = {
  home: {
    title: "Ana sayfa",
    welcome: "Hoş geldiniz, {name}",
    description: "Sonraki adımlar, sizi bekleyen davetler ve kuruluşlarınız.",
    activeOrganization: "Etkin kuruluş",
    slug: "Adres",
    yourRole: "Rolünüz",
    created: "Oluşturulma",
    noActiveTitle: "Etkin kuruluş yok",
    chooseDescription: "Çalışmak için bir kuruluş açın:",
    noOrganizationsDescription:
      "Henüz hiçbir kuruluşun üyesi değilsiniz. Biri sizi davet ettiğinde davet burada görünür ve e-postayla gelir.",
    noOrganizationsCreate:
      "Henüz hiçbir kuruluşun üyesi değilsiniz. Bir kuruluş oluşturun ya da bir davet bekleyin: davet burada görünür ve e-postayla gelir.",
    yourOrganizations: "Kuruluşlarınız",
    createOrganization: "Kuruluş oluştur",
    nextSteps: "Sonraki adımlar",
    verifyEmailStep: "E-posta adresinizi doğrulayın",
    verifyEmailHint: "{email} adresine gönderdiğimiz bağlantıyı açın ya da yenisini isteyin.",
    mfaStep: "İki adımlı doğrulamayı açın",
    mfaHint: "Biri parolanızı öğrense bile hesabınızı korur.",
    notNow: "Şimdi değil",
    notNowLabel: "Bu adımı gizle: {step}",
  },
} satisfies Messages;

export default tr;
