import type { Messages } from "@/lib/i18n.js";

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
  saml: {
    protocol: "Protocol",
    protocolOidc: "OpenID Connect",
    protocolSaml: "SAML 2.0",
    replaces: "Saving replaces the identity provider saved with the other protocol.",
    heading: "Identity provider (SAML 2.0)",
    help: "Create a SAML application at your identity provider (Okta, Microsoft Entra ID, ADFS, Keycloak, …) with the values below, then give Tessera its metadata. Assertions must be signed; the NameID or an “email” attribute must be the person's e-mail address.",
    spEntityId: "SP entity ID (audience)",
    acsUrl: "ACS URL (assertion consumer service)",
    spMetadataUrl: "SP metadata URL",
    spHint: "Many identity providers can read these values from the SP metadata URL once a SAML connection is saved.",
    saved: "SAML identity provider saved",
    idp: "The identity provider's details",
    modeMetadata: "Metadata XML",
    modeManual: "Enter by hand",
    metadata: "IdP metadata XML",
    metadataHint: "Paste the XML your identity provider offers as its SAML metadata, or upload the file.",
    metadataKept: "Paste new metadata to replace the saved one.",
    upload: "Or upload the metadata file",
    entityId: "IdP entity ID",
    ssoUrl: "SSO URL",
    ssoUrlHint: "The identity provider's single sign-on URL (HTTP-Redirect binding).",
    certificate: "Signing certificate",
    certificateHint: "The identity provider's signing certificate in PEM form (-----BEGIN CERTIFICATE-----).",
    idpEntityId: "IdP entity ID",
    validUntil: "valid until {date}",
    notValid: "not valid now (valid from {from} until {until})",
    testOk: "The metadata is readable: {entityId}. Signing certificate valid until {date}.",
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
  // The domain policy (components/policy-section.tsx).
  policy: {
    heading: "Domain policy",
    description: "What happens to people with an address in the verified domain, and how they sign in.",
    join: {
      heading: "Who joins",
      help: "When someone signs in with a social account (Google, GitHub, …) whose verified address is in {domain}:",
      off: {
        label: "Nothing happens",
        description: "They join only when someone invites them.",
      },
      invite: {
        label: "They get an invitation",
        description:
          "An invitation to this organization waits for them, which they accept or decline. No e-mail is sent, and a declined invitation is not offered again.",
      },
      member: {
        label: "They join automatically",
        description: "They become members of this organization as soon as they sign in.",
      },
      save: "Apply",
      saved: "Saved",
    },
    required: {
      heading: "Require single sign-on",
      label: "People of the domain sign in only with your identity provider",
      help: "No password, no social or passkey sign-in for addresses in the verified domain, and no password can be set or reset for them. Site admins are exempt. Sessions already open stay open.",
      on: "Single sign-on is now required",
      off: "Single sign-on is no longer required",
      needsConnection: "Turn on single sign-on first.",
      inactive:
        "Required, but single sign-on is off: until it is turned on again, people of the domain may use passwords.",
    },
  },
} satisfies Messages;

export default en;
