import type { Messages } from "@/lib/i18n.js";

const tr = {
  invitation: {
    pageTitle: "Davet",
    loadingTitle: "Davet yükleniyor…",
    signedOutTitle: "Davet edildiniz",
    signedOutDescription:
      "Davetin gönderildiği e-posta adresiyle giriş yapın veya hesap oluşturun. Ardından doğrudan buraya döneceksiniz.",
    title: "{organization} kuruluşuna katılın",
    description: "{inviter} sizi {organization} kuruluşuna davet etti.",
    organization: "Kuruluş",
    invitedBy: "Davet eden",
    role: "Rol",
    sentTo: "Alıcı",
    expires: "Son geçerlilik",
    accept: "Daveti kabul et",
    reject: "Reddet",
    acceptedTitle: "{organization} kuruluşuna katıldınız",
    acceptedDescription: "Artık etkin kuruluşunuz bu.",
    openOrganization: "Kuruluşa git",
    rejectedTitle: "Davet reddedildi",
    rejectedDescription: "{organization} kuruluşuna katılmadınız.",
    wrongRecipientTitle: "Bu davet başka birine ait",
    wrongRecipientDescription:
      "{email} olarak giriş yaptınız, ancak davet başka bir adrese gönderildi. Yanıtlamak için o adresle giriş yapın.",
    switchAccount: "Çıkış yap ve hesap değiştir",
    expiredTitle: "Bu davetin süresi doldu",
    expiredDescription: "Sizi davet eden kişiden yeni bir davet göndermesini isteyin.",
    goneTitle: "Bu davet artık geçerli değil",
    goneDescription: "İptal edilmiş ya da daha önce kabul edilmiş veya reddedilmiş.",
    failedTitle: "Davet yüklenemedi",
  },
} satisfies Messages;

export default tr;
