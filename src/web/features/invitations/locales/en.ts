import type { Messages } from "@/lib/i18n.js";

/** The invitation page, English: the source language. tests/web/invitations-locales.test.ts keeps the others in step. */
const en = {
  invitation: {
    pageTitle: "Invitation",
    loadingTitle: "Loading the invitation…",
    signedOutTitle: "You've been invited",
    signedOutDescription:
      "Sign in, or create an account, with the email address the invitation was sent to. You'll come straight back here.",
    title: "Join {organization}",
    description: "{inviter} invited you to join {organization}.",
    organization: "Organization",
    invitedBy: "Invited by",
    role: "Role",
    sentTo: "Sent to",
    expires: "Expires",
    accept: "Accept invitation",
    reject: "Decline",
    acceptedTitle: "You've joined {organization}",
    acceptedDescription: "It is now your active organization.",
    openOrganization: "Go to the organization",
    rejectedTitle: "Invitation declined",
    rejectedDescription: "You did not join {organization}.",
    wrongRecipientTitle: "This invitation is for someone else",
    wrongRecipientDescription:
      "You're signed in as {email}, but the invitation was sent to another address. Sign in with that address to answer it.",
    switchAccount: "Sign out and switch account",
    expiredTitle: "This invitation has expired",
    expiredDescription: "Ask the person who invited you to send a new invitation.",
    goneTitle: "This invitation is no longer valid",
    goneDescription: "It was canceled, or it has already been accepted or declined.",
    failedTitle: "We couldn't load the invitation",
  },
} satisfies Messages;

export default en;
