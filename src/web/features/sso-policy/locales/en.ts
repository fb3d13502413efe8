import type { Messages } from "@/lib/i18n.js";

/** The single sign-on policy in English: the source language. Every other locale has exactly these keys. */
const en = {
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
} satisfies Messages;

export default en;
