import type { Messages } from "@/lib/i18n.js";

const uk = {
  title: "Ключі API",
  description:
    "Ключі дають вашим скриптам і сервісам змогу звертатися до Tessera від вашого імені. Ключ може лише те, що дозволяють його дозволи, і ніколи не змінить ваш пароль, e-mail чи ключі.",
  descriptionOrganization:
    "Ключі {organization} для її сервісів. Сервіси перевіряють ключ через GET /api/api-keys/self; він не діє від імені жодної людини.",
  create: "Створити ключ API",
  loading: "Завантаження…",
  empty: "Ключів API ще немає.",
  noScopes: "Без дозволів: лише каже, кому належить",
  created: "Створено",
  lastUsed: "Востаннє використано",
  expires: "Діє до",
  neverUsed: "Ніколи",
  noExpiry: "Безстроково",
  revoke: "Відкликати",
  revokeTitle: "Відкликати «{name}»?",
  revokeDescription: "Усе, що використовує цей ключ, одразу перестане працювати. Цю дію не можна скасувати.",
  revoked: "«{name}» відкликано",
  form: {
    name: "Назва",
    nameHint: "Для чого ключ, наприклад «Розгортання CI».",
    scopes: "Дозволи",
    scopesHint: "Виберіть лише те, що потрібно ключу.",
    expiry: "Діє",
    never: "Безстроково",
    days7: "7 днів",
    days30: "30 днів",
    days90: "90 днів",
    days365: "1 рік",
    submit: "Створити ключ",
    cancel: "Скасувати",
  },
  scopes: {
    organizationsRead: "читати організації, учасників, команди й запрошення",
    organizationsWrite: "запрошувати й вилучати учасників, керувати командами",
    auditRead: "читати журнали аудиту",
    webhooksRead: "читати вебхуки та їхні доставки",
  },
  secret: {
    title: "Ваш новий ключ API",
    for: "Для",
    once: "Скопіюйте його зараз: він показується лише цей раз.",
    label: "Ключ API",
    copy: "Копіювати",
    copied: "Скопійовано",
    done: "Готово",
    use: "Надсилайте його як Authorization: Bearer <key> або x-api-key: <key>.",
  },
} satisfies Messages;

export default uk;
