import type { Messages } from "@/lib/i18n.js";

const ru = {
  title: "Ключи API",
  description:
    "Ключи позволяют вашим скриптам и сервисам обращаться к Tessera от вашего имени. Ключ может только то, что разрешают его разрешения, и никогда не изменит ваш пароль, e-mail или ключи.",
  descriptionOrganization:
    "Ключи {organization} для её сервисов. Сервисы проверяют ключ через GET /api/api-keys/self; он не действует от имени человека.",
  create: "Создать ключ API",
  loading: "Загрузка…",
  empty: "Ключей API пока нет.",
  noScopes: "Без разрешений: только сообщает, кому принадлежит",
  created: "Создан",
  lastUsed: "Последнее использование",
  expires: "Действует до",
  neverUsed: "Никогда",
  noExpiry: "Бессрочно",
  revoke: "Отозвать",
  revokeTitle: "Отозвать «{name}»?",
  revokeDescription: "Всё, что использует этот ключ, сразу перестанет работать. Это действие нельзя отменить.",
  revoked: "«{name}» отозван",
  form: {
    name: "Название",
    nameHint: "Для чего ключ, например «Развёртывание CI».",
    scopes: "Разрешения",
    scopesHint: "Выберите только то, что нужно ключу.",
    expiry: "Срок действия",
    never: "Бессрочно",
    days7: "7 дней",
    days30: "30 дней",
    days90: "90 дней",
    days365: "1 год",
    submit: "Создать ключ",
    cancel: "Отмена",
  },
  scopes: {
    organizationsRead: "читать организации, участников, команды и приглашения",
    organizationsWrite: "приглашать и удалять участников, управлять командами",
    auditRead: "читать журналы аудита",
    webhooksRead: "читать вебхуки и их доставки",
  },
  secret: {
    title: "Ваш новый ключ API",
    for: "Для",
    once: "Скопируйте его сейчас: он показывается только один раз.",
    label: "Ключ API",
    copy: "Копировать",
    copied: "Скопировано",
    done: "Готово",
    use: "Отправляйте его как Authorization: Bearer <key> или x-api-key: <key>.",
  },
} satisfies Messages;

export default ru;
