import type { MailLocale } from "../i18n.js";

export const en: MailLocale = {
  greeting: "Hello {name},",
  greetingNoName: "Hello,",
  signature: "— The Tessera team",
  linkFallback: "If the button does not work, copy this link into your browser:",
  expires: "This link expires in {duration}.",
  time: "Time: {time} (UTC)",
  footer: "This message was sent automatically by Tessera. Please do not reply to it.",
  units: {
    minute: { one: "minute", other: "minutes" },
    hour: { one: "hour", other: "hours" },
    day: { one: "day", other: "days" },
  },
  roles: { owner: "owner", admin: "admin", member: "member" },
  twoFactorMethods: { totp: "a code from your authenticator app", otp: "a code sent to you by e-mail" },
  messages: {
    "verify-email": {
      subject: "Verify your e-mail address for Tessera",
      lines: ["Thank you for signing up for Tessera. Please verify that {email} is your e-mail address."],
      action: "Verify e-mail address",
      after: "If you did not create a Tessera account, you can ignore this e-mail.",
    },
    "change-email-confirmation": {
      subject: "Confirm the change of your Tessera e-mail address",
      lines: [
        "Someone asked to change the e-mail address of your Tessera account to {newEmail}.",
        "If it was you, approve the change. We will then send a confirmation link to the new address.",
      ],
      action: "Approve the change",
      after: "If it was not you, ignore this e-mail and change your password. Your address stays as it is.",
    },
    "change-email-verification": {
      subject: "Verify your new e-mail address for Tessera",
      lines: ["You asked to use {email} as the e-mail address of your Tessera account. Please verify the new address."],
      action: "Verify new address",
      after: "If you did not ask for this change, ignore this e-mail; your account keeps its current address.",
    },
    "reset-password": {
      subject: "Reset your Tessera password",
      lines: ["We received a request to reset the password of your Tessera account ({email})."],
      action: "Choose a new password",
      after: "If you did not ask for a new password, ignore this e-mail; your password stays as it is.",
    },
    "delete-account": {
      subject: "Confirm the deletion of your Tessera account",
      lines: [
        "You asked to delete your Tessera account ({email}).",
        "This removes your profile, your sessions and your organization memberships. It cannot be undone.",
      ],
      action: "Delete my account",
      after: "If you changed your mind or did not ask for this, ignore this e-mail; your account stays as it is.",
    },
    invitation: {
      subject: "{inviter} invited you to join {organization} on Tessera",
      lines: ["{inviter} invited you to join the organization {organization} on Tessera as {role}."],
      action: "View the invitation",
      after: "If you were not expecting this invitation, you can ignore this e-mail.",
      expires: "The invitation expires in {duration}.",
    },
    "password-changed": {
      subject: "Your Tessera password was changed",
      lines: ["The password of your Tessera account ({email}) was changed."],
      action: "Open Tessera",
      after:
        "If it was you, there is nothing more to do. If it was not, reset your password right away and sign out of all other sessions.",
    },
    "password-reset": {
      subject: "Your new Tessera password is set",
      lines: ["The password of your Tessera account ({email}) was reset with the link we sent by e-mail."],
      action: "Open Tessera",
      after:
        "If it was you, there is nothing more to do. If it was not, reset your password right away and sign out of all other sessions.",
    },
    "account-linked": {
      subject: "A {provider} account was linked to your Tessera account",
      lines: ["A {provider} account was linked to your Tessera account ({email}). It can now be used to sign in."],
      action: "Open Tessera",
      after: "If it was not you, unlink it in your account settings and change your password.",
    },
    "sign-up-attempt": {
      subject: "Someone tried to sign up for Tessera with your address",
      lines: [
        "Someone tried to create a Tessera account with {email}. That address already has an account, so no new one was made.",
        "If it was you, sign in with your existing account. If you forgot the password, choose “Forgot password?” on the sign-in page.",
      ],
      action: "Sign in",
      after: "If it was not you, you can ignore this e-mail: nobody gets into your account without your password.",
    },
    "two-factor-code": {
      subject: "Your Tessera sign-in code: {code}",
      lines: ["Use this code to finish signing in to your Tessera account ({email}):"],
      expires: "This code expires in {duration}.",
      after:
        "If you did not try to sign in, someone knows your password: change it right away. Nobody gets in without this code.",
    },
    "mfa-reset": {
      subject: "Your Tessera two-step verification and passkeys were reset",
      lines: [
        "An administrator reset the two-step verification of your Tessera account ({email}) and removed its passkeys.",
        "Until you set them up again, your password alone signs you in. Set up two-step verification and your passkeys again in your security settings. Devices where you are signed in stay signed in.",
      ],
      action: "Open security settings",
      after: "If you did not expect this, contact your administrator.",
    },
    "two-factor-enabled": {
      subject: "Two-step verification is on for your Tessera account",
      lines: [
        "Two-step verification was turned on for your Tessera account ({email}). From now on, signing in asks for {method} after your password.",
      ],
      action: "Open Tessera",
      after: "If it was not you, someone knows your password: reset it right away and sign out of all other sessions.",
    },
    "two-factor-disabled": {
      subject: "Two-step verification is off for your Tessera account",
      lines: [
        "Two-step verification was turned off for your Tessera account ({email}). Signing in now needs only your password.",
      ],
      action: "Open Tessera",
      after:
        "If it was not you, reset your password right away and turn two-step verification on again in Settings → Security.",
    },
    "backup-codes-regenerated": {
      subject: "New backup codes for your Tessera account",
      lines: ["New backup codes were made for your Tessera account ({email}). The earlier codes no longer work."],
      action: "Open Tessera",
      after: "If it was not you, reset your password right away and sign out of all other sessions.",
    },
    "passkey-added": {
      subject: "A passkey was added to your Tessera account",
      lines: ["A passkey was added to your Tessera account ({email}). It can now be used to sign in."],
      action: "Open Tessera",
      after: "If it was not you, remove the passkey in Settings → Security and change your password.",
    },
  },
};
