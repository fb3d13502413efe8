import type { Messages } from "@/lib/i18n.js";

/** The SCIM provisioning screen in English: the source language. Every other locale has exactly these keys. */
const en = {
  loading: "Loading provisioning…",
  retry: "Try again",
  title: "Provisioning (SCIM) of {name}",
  heading: "Provisioning (SCIM)",
  description:
    "Your identity provider (Okta, Microsoft Entra ID, …) adds, updates and removes this organization's members through SCIM 2.0.",
  notAllowed: {
    title: "Only owners and admins set up provisioning",
    description: "Ask an owner or admin of this organization.",
  },
  copy: {
    action: "Copy",
    labelled: "Copy {label}",
    done: "Copied",
  },
  token: {
    title: "Your new SCIM token",
    once: "Copy it now and paste it into your identity provider: it is shown only this once.",
    label: "SCIM token",
    done: "Done, I have copied it",
    created: "SCIM token created",
    revoked: "SCIM token revoked: provisioning is off",
  },
  baseUrl: {
    label: "SCIM base URL",
    help: "In your identity provider, enter this as the SCIM base URL (tenant URL), and the token as the bearer token (secret token).",
  },
  status: {
    heading: "Status",
    on: "On: your identity provider can provision members with its token.",
    off: "Off: no token. Create one to start provisioning.",
    active: "Active",
    expired: "Expired",
    revoked: "Revoked",
    decommissioned: "Retired",
  },
  actions: {
    create: "Create SCIM token",
    rotate: "Replace token",
    revoke: "Revoke token",
  },
  confirm: {
    rotateTitle: "Replace the SCIM token?",
    rotateDescription:
      "A new token is made and the current one stops working at once. Put the new one into your identity provider straight away.",
    revokeTitle: "Revoke the SCIM token?",
    revokeDescription:
      "Your identity provider can no longer provision this organization. Members it added stay members.",
    cancel: "Cancel",
  },
  credential: {
    heading: "Tokens",
    created: "created {date}",
    expires: "expires {date}",
    revoked: "revoked {date}",
    lastUsed: "last used {date}",
    neverUsed: "never used",
  },
  what: {
    heading: "What provisioning does",
    users:
      "A user your identity provider assigns becomes a member of this organization (a new account when the address has none and is in one of this organization's verified domains; see Single sign-on).",
    deprovision:
      "Deactivating or deleting them removes the membership and ends their sessions in this organization; the account itself stays.",
    groups: "Groups become teams of the same name, with the same people.",
    existing:
      "An existing account is provisioned only when it is already a member (not an owner); invite others first.",
  },
} satisfies Messages;

export default en;
