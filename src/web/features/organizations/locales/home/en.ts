import type { Messages } from "@/lib/i18n.js";

/** The signed-in home, English: the source language. tests/web/organizations-home-locales.test.ts keeps the others in step. */
const en = {
  home: {
    title: "Home",
    welcome: "Welcome, {name}",
    description: "What to do next, invitations waiting for you, and your organizations.",
    activeOrganization: "Active organization",
    slug: "Address",
    yourRole: "Your role",
    created: "Created",
    noActiveTitle: "No active organization",
    chooseDescription: "Open an organization to work in it:",
    noOrganizationsDescription:
      "You're not a member of any organization yet. When someone invites you, the invitation appears here and arrives by email.",
    noOrganizationsCreate:
      "You're not a member of any organization yet. Create one, or wait for an invitation: it appears here and arrives by email.",
    yourOrganizations: "Your organizations",
    createOrganization: "Create organization",
    nextSteps: "Next steps",
    verifyEmailStep: "Verify your email address",
    verifyEmailHint: "Open the link we sent to {email}, or ask for a new one.",
    mfaStep: "Turn on two-step verification",
    mfaHint: "Keeps your account safe even if someone learns your password.",
    notNow: "Not now",
    notNowLabel: "Hide this step: {step}",
  },
} satisfies Messages;

export default en;
