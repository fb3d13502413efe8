import type { Messages } from "@/lib/i18n.js";

const uk = {
  invitation: {
    pageTitle: "Запрошення",
    loadingTitle: "Завантажуємо запрошення…",
    signedOutTitle: "Вас запросили",
    signedOutDescription:
      "Увійдіть або створіть обліковий запис з адресою, на яку надійшло запрошення. Після цього ви одразу повернетеся сюди.",
    title: "Приєднатися до «{organization}»",
    description: "{inviter} запрошує вас до організації «{organization}».",
    organization: "Організація",
    invitedBy: "Запросив(ла)",
    role: "Роль",
    sentTo: "Кому",
    expires: "Діє до",
    accept: "Прийняти запрошення",
    reject: "Відхилити",
    acceptedTitle: "Ви приєдналися до «{organization}»",
    acceptedDescription: "Тепер це ваша активна організація.",
    openOrganization: "Перейти до організації",
    rejectedTitle: "Запрошення відхилено",
    rejectedDescription: "Ви не приєдналися до «{organization}».",
    wrongRecipientTitle: "Це запрошення для іншої людини",
    wrongRecipientDescription:
      "Ви увійшли як {email}, а запрошення надіслано на іншу адресу. Увійдіть із тією адресою, щоб відповісти на нього.",
    switchAccount: "Вийти та змінити обліковий запис",
    expiredTitle: "Термін дії запрошення минув",
    expiredDescription: "Попросіть того, хто вас запросив, надіслати нове запрошення.",
    goneTitle: "Запрошення більше не дійсне",
    goneDescription: "Його скасовано, або його вже прийнято чи відхилено.",
    failedTitle: "Не вдалося завантажити запрошення",
  },
} satisfies Messages;

export default uk;
