import type { Messages } from "@/lib/i18n.js";

const uk = {
  home: {
    title: "Головна",
    welcome: "Вітаємо, {name}",
    description: "Наступні кроки, запрошення, що на вас чекають, і ваші організації.",
    activeOrganization: "Активна організація",
    slug: "Адреса",
    yourRole: "Ваша роль",
    created: "Створено",
    noActiveTitle: "Немає активної організації",
    chooseDescription: "Відкрийте організацію, щоб працювати в ній:",
    noOrganizationsDescription:
      "Ви поки що не є учасником жодної організації. Коли вас запросять, запрошення з'явиться тут і надійде електронною поштою.",
    noOrganizationsCreate:
      "Ви поки що не є учасником жодної організації. Створіть свою або дочекайтеся запрошення: воно з'явиться тут і надійде електронною поштою.",
    yourOrganizations: "Ваші організації",
    createOrganization: "Створити організацію",
    nextSteps: "Наступні кроки",
    verifyEmailStep: "Підтвердьте адресу електронної пошти",
    verifyEmailHint: "Відкрийте посилання, надіслане на {email}, або запросіть нове.",
    mfaStep: "Увімкніть двоетапну перевірку",
    mfaHint: "Захищає обліковий запис, навіть якщо хтось дізнається ваш пароль.",
    notNow: "Не зараз",
    notNowLabel: "Приховати цей крок: {step}",
  },
} satisfies Messages;

export default uk;
