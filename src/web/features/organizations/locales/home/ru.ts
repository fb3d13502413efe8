import type { Messages } from "@/lib/i18n.js";

const ru = {
  home: {
    title: "Главная",
    welcome: "Добро пожаловать, {name}",
    description: "Следующие шаги, ожидающие вас приглашения и ваши организации.",
    activeOrganization: "Активная организация",
    slug: "Адрес",
    yourRole: "Ваша роль",
    created: "Создана",
    noActiveTitle: "Нет активной организации",
    chooseDescription: "Откройте организацию, чтобы работать в ней:",
    noOrganizationsDescription:
      "Вы пока не состоите ни в одной организации. Когда вас пригласят, приглашение появится здесь и придёт по электронной почте.",
    noOrganizationsCreate:
      "Вы пока не состоите ни в одной организации. Создайте свою или дождитесь приглашения: оно появится здесь и придёт по электронной почте.",
    yourOrganizations: "Ваши организации",
    createOrganization: "Создать организацию",
    nextSteps: "Следующие шаги",
    verifyEmailStep: "Подтвердите адрес электронной почты",
    verifyEmailHint: "Откройте ссылку, отправленную на {email}, или запросите новую.",
    mfaStep: "Включите двухэтапную проверку",
    mfaHint: "Защищает аккаунт, даже если кто-то узнает ваш пароль.",
    notNow: "Не сейчас",
    notNowLabel: "Скрыть этот шаг: {step}",
  },
} satisfies Messages;

export default ru;
