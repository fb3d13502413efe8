import type { Messages } from "@/lib/i18n.js";

const en = {
  title: "API keys",
  description:
    "Keys let your scripts and services call Tessera as you. A key can do only what its scopes allow, and never change your password, e-mail or keys.",
  descriptionOrganization:
    "Keys of {organization} for its services. Services verify a key with GET /api/api-keys/self; it acts for no person.",
  create: "Create API key",
  loading: "Loading…",
  empty: "No API keys yet.",
  noScopes: "No scopes: it only says who it belongs to",
  created: "Created",
  lastUsed: "Last used",
  expires: "Expires",
  neverUsed: "Never",
  noExpiry: "Never",
  revoke: "Revoke",
  revokeTitle: "Revoke “{name}”?",
  revokeDescription: "Anything using this key stops working at once. This cannot be undone.",
  revoked: "“{name}” revoked",
  form: {
    name: "Name",
    nameHint: "What the key is for, e.g. “CI deploy”.",
    scopes: "Scopes",
    scopesHint: "Choose only what the key needs.",
    expiry: "Expires after",
    never: "Never",
    days7: "7 days",
    days30: "30 days",
    days90: "90 days",
    days365: "1 year",
    submit: "Create key",
    cancel: "Cancel",
  },
  scopes: {
    organizationsRead: "read organizations, members, teams and invitations",
    organizationsWrite: "invite and remove members, manage teams",
    auditRead: "read audit logs",
    webhooksRead: "read webhook endpoints and deliveries",
  },
  secret: {
    title: "Your new API key",
    for: "For",
    once: "Copy it now: it is shown only this once.",
    label: "API key",
    copy: "Copy",
    copied: "Copied",
    done: "Done",
    use: "Send it as Authorization: Bearer <key> or x-api-key: <key>.",
  },
} satisfies Messages;

export default en;
