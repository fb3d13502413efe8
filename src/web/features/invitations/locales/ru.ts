import type { Messages } from "@/lib/i18n.js";

const ru = {
  invitation: {
    pageTitle: "Приглашение",
    loadingTitle: "Загружаем приглашение…",
    signedOutTitle: "Вас пригласили",
    signedOutDescription:
      "Войдите или создайте учётную запись с адресом, на который пришло приглашение. После этого вы сразу вернётесь сюда.",
    title: "Присоединиться к «{organization}»",
    description: "{inviter} приглашает вас в организацию «{organization}».",
    organization: "Организация",
    invitedBy: "Пригласил(а)",
    role: "Роль",
    sentTo: "Кому",
    expires: "Действует до",
    accept: "Принять приглашение",
    reject: "Отклонить",
    acceptedTitle: "Вы присоединились к «{organization}»",
    acceptedDescription: "Теперь это ваша активная организация.",
    openOrganization: "Перейти в организацию",
    rejectedTitle: "Приглашение отклонено",
    rejectedDescription: "Вы не присоединились к «{organization}».",
    wrongRecipientTitle: "Это приглашение для другого человека",
    wrongRecipientDescription:
      "Вы вошли как {email}, а приглашение отправлено на другой адрес. Войдите с тем адресом, чтобы ответить на него.",
    switchAccount: "Выйти и сменить учётную запись",
    expiredTitle: "Срок действия приглашения истёк",
    expiredDescription: "Попросите пригласившего отправить новое приглашение.",
    goneTitle: "Приглашение больше не действует",
    goneDescription: "Его отменили, или оно уже принято или отклонено.",
    failedTitle: "Не удалось загрузить приглашение",
  },
} satisfies Messages;

export default ru;
