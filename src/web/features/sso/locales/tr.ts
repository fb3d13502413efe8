import type { Messages } from "@/lib/i18n.js";

/** The single sign-on screen in Turkish. */
const tr = {
  loading: "Çoklu oturum açma yükleniyor…",
  retry: "Yeniden dene",
  title: "{name} çoklu oturum açma",
  heading: "Çoklu oturum açma",
  description:
    "Bir e-posta alan adının bu organizasyona ait olduğunu kanıtlayın. Yalnızca doğrulanmış bir alan adı kullanıcılarını kimlik sağlayıcınıza yönlendirir.",
  notAllowed: {
    title: "Çoklu oturum açmayı yalnızca sahipler ve yöneticiler kurar",
    description: "Bu organizasyonun bir sahibine veya yöneticisine danışın.",
  },
  copy: {
    action: "Kopyala",
    labelled: "{label} kopyala",
    done: "Kopyalandı",
  },
  domain: {
    none: "Henüz alan adı yok. Organizasyonunuzun e-posta adreslerinin alan adını ekleyin.",
    label: "Alan adı",
    hint: "Örneğin example.com: @ işaretinden sonraki kısım, işaret olmadan. Organizasyon başına en fazla 10 alan adı, her biri kendi TXT kaydıyla.",
    added: "Alan adı eklendi: TXT kaydını yayımlayın",
    verified: "Alan adı doğrulandı",
    removed: "Alan adı kaldırıldı",
  },
  joining:
    "Doğrulandıktan sonra, doğrulanmış e-posta adresi bu alan adında olan bir sosyal hesapla (Google, GitHub, …) oturum açan kişilere ne olacağına aşağıdaki “Alan adı politikası” karar verir.",
  status: {
    verified: "Doğrulandı",
    pending: "Henüz doğrulanmadı: aşağıdaki TXT kaydını yayımlayın, sonra doğrulayın.",
  },
  record: {
    heading: "Yayımlanacak DNS kaydı",
    help: "DNS sağlayıcınızda bu ad ve değerle bir TXT kaydı ekleyin. Kayıt yerindeyken Doğrula'yı seçin. DNS değişiklikleri biraz sürebilir.",
    type: "Tür",
    name: "Ad",
    value: "Değer",
  },
  actions: {
    add: "Alan adı ekle",
    verify: "Doğrula",
    remove: "Alan adını kaldır",
  },
  confirm: {
    removeTitle: "{domain} kaldırılsın mı?",
    removeDescription:
      "Alan adı artık bu organizasyon için doğrulanmış olmaz. Yeniden kullanmak için ekleyip yeniden doğrulayın.",
    cancel: "İptal",
  },
  saml: {
    protocol: "Protokol",
    protocolOidc: "OpenID Connect",
    protocolSaml: "SAML 2.0",
    replaces: "Kaydetmek, diğer protokolle kaydedilmiş kimlik sağlayıcısının yerini alır.",
    heading: "Kimlik sağlayıcısı (SAML 2.0)",
    help: "Kimlik sağlayıcınızda (Okta, Microsoft Entra ID, ADFS, Keycloak, …) aşağıdaki değerlerle bir SAML uygulaması oluşturun, ardından meta verilerini Tessera'ya verin. Onaylar imzalı olmalıdır; NameID veya bir “email” özniteliği kişinin e-posta adresi olmalıdır.",
    spEntityId: "SP varlık kimliği (hedef kitle)",
    acsUrl: "ACS URL'si (onay tüketici hizmeti)",
    spMetadataUrl: "SP meta veri URL'si",
    spHint:
      "Birçok kimlik sağlayıcısı, bir SAML bağlantısı kaydedildikten sonra bu değerleri SP meta veri URL'sinden okuyabilir.",
    saved: "SAML kimlik sağlayıcısı kaydedildi",
    idp: "Kimlik sağlayıcısının bilgileri",
    modeMetadata: "Meta veri XML'i",
    modeManual: "Elle gir",
    metadata: "IdP meta veri XML'i",
    metadataHint: "Kimlik sağlayıcınızın SAML meta verisi olarak sunduğu XML'i yapıştırın veya dosyayı yükleyin.",
    metadataKept: "Kayıtlı olanın yerine geçmesi için yeni meta verileri yapıştırın.",
    upload: "Ya da meta veri dosyasını yükleyin",
    entityId: "IdP varlık kimliği",
    ssoUrl: "SSO URL'si",
    ssoUrlHint: "Kimlik sağlayıcısının çoklu oturum açma URL'si (HTTP-Redirect bağlaması).",
    certificate: "İmzalama sertifikası",
    certificateHint: "Kimlik sağlayıcısının PEM biçimindeki imzalama sertifikası (-----BEGIN CERTIFICATE-----).",
    idpEntityId: "IdP varlık kimliği",
    validUntil: "{date} tarihine kadar geçerli",
    notValid: "şu anda geçerli değil ({from} – {until} arası geçerli)",
    testOk: "Meta veriler okunabiliyor: {entityId}. İmzalama sertifikası {date} tarihine kadar geçerli.",
  },
  connection: {
    heading: "Kimlik sağlayıcısı (OpenID Connect)",
    help: "Tessera'yı kimlik sağlayıcınızda (Okta, Microsoft Entra ID, Google Workspace, Keycloak, …) aşağıdaki yönlendirme URL'siyle bir uygulama olarak kaydedin, ardından size verilenleri girin. Doğrulanmış alan adında adresi olan kişiler orada oturum açar.",
    redirectUrl: "Yönlendirme URL'si",
    issuer: "Yayıncı URL'si",
    issuerHint: "OpenID yapılandırması <yayıncı>/.well-known/openid-configuration adresinden okunur.",
    clientId: "İstemci kimliği",
    clientSecret: "İstemci gizli anahtarı",
    secretKept: "Kayıtlı gizli anahtarı korumak için boş bırakın.",
    save: "Kaydet",
    saved: "Kimlik sağlayıcısı kaydedildi",
    on: "Açık: alan adındaki kişiler kimlik sağlayıcınızla oturum açar ve bu organizasyona üye olarak katılır.",
    off: "Kapalı: henüz kimse kimlik sağlayıcınıza yönlendirilmiyor.",
    test: "Bağlantıyı test et",
    testOk: "Kimlik sağlayıcısı yanıt verdi: {issuer}",
    turnOn: "Aç",
    turnOff: "Kapat",
    turnedOn: "Çoklu oturum açma açık",
    turnedOff: "Çoklu oturum açma kapalı",
  },
  // The domain policy (components/policy-section.tsx).
  policy: {
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
  },
} satisfies Messages;

export default tr;
