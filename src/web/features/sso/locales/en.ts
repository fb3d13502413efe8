import type { Messages } from "../../../lib/i18n.js";

/** The single sign-on screen in English: the source language. Every other locale has exactly these keys. */
const en = {
  loading: "Loading single sign-on…",
  retry: "Try again",
  title: "Single sign-on of {name}",
  heading: "Single sign-on",
  description:
    "Prove that an e-mail domain belongs to this organization. Only a verified domain will send its people to your identity provider.",
  notAllowed: {
    title: "Only owners and admins set up single sign-on",
    description: "Ask an owner or admin of this organization.",
  },
  copy: {
    action: "Copy",
    labelled: "Copy {label}",
    done: "Copied",
  },
  domain: {
    none: "No domain yet. Add the domain of your organization's e-mail addresses.",
    label: "Domain",
    hint: "For example example.com: the part after the @, without it. Up to 10 domains per organization, each with its own TXT record.",
    added: "Domain added: publish the TXT record",
    verified: "Domain verified",
    removed: "Domain removed",
  },
  joining:
    "Once verified, “Domain policy” below decides what happens to people who sign in with a social account (Google, GitHub, …) whose verified e-mail address is in this domain.",
  status: {
    verified: "Verified",
    pending: "Not verified yet: publish the TXT record below, then verify.",
  },
  record: {
    heading: "DNS record to publish",
    help: "At your DNS host, add a TXT record with this name and value. Once it is there, select Verify. DNS changes can take a while to arrive.",
    type: "Type",
    name: "Name",
    value: "Value",
  },
  actions: {
    add: "Add domain",
    verify: "Verify",
    remove: "Remove domain",
  },
  confirm: {
    removeTitle: "Remove {domain}?",
    removeDescription:
      "The domain is no longer verified for this organization. To use it again, add it and verify it anew.",
    cancel: "Cancel",
  },
  connection: {
    heading: "Identity provider (OpenID Connect)",
    help: "Register Tessera as an application at your identity provider (Okta, Microsoft Entra ID, Google Workspace, Keycloak, …) with the redirect URL below, then enter what it gives you. People with an address in the verified domain then sign in there.",
    redirectUrl: "Redirect URL",
    issuer: "Issuer URL",
    issuerHint: "Its OpenID configuration is read from <issuer>/.well-known/openid-configuration.",
    clientId: "Client ID",
    clientSecret: "Client secret",
    secretKept: "Leave empty to keep the saved secret.",
    save: "Save",
    saved: "Identity provider saved",
    on: "On: people of the domain sign in with your identity provider and join this organization as members.",
    off: "Off: nobody is sent to your identity provider yet.",
    test: "Test connection",
    testOk: "The identity provider answered: {issuer}",
    turnOn: "Turn on",
    turnOff: "Turn off",
    turnedOn: "Single sign-on is on",
    turnedOff: "Single sign-on is off",
  },
} satisfies Messages;

export default en;
