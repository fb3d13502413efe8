import type { Messages } from "@/lib/i18n.js";

/** English: the source language of the second step of sign-in. */
const en = {
  title: "Two-step verification",
  description: "Your account is protected with a second step. Confirm it's you to finish signing in.",
  instructions: {
    totp: "Open your authenticator app and enter the 6-digit code it shows for Tessera.",
    backup: "Enter one of the backup codes you saved when you turned on two-step verification. Each code works once.",
    otp: "Enter the 6-digit code we sent to your email address. It is valid for 5 minutes.",
  },
  label: {
    totp: "Authentication code",
    backup: "Backup code",
    otp: "Code from the email",
  },
  enter: {
    totp: "Enter the code from your authenticator app.",
    backup: "Enter a backup code.",
    otp: "Enter the code from the email.",
  },
  form: {
    totp: "Verify with your authenticator app",
    backup: "Verify with a backup code",
    otp: "Verify with a code sent by email",
  },
  trustDevice: "Trust this device for 30 days",
  verify: "Verify",
  verifying: "Verifying…",
  other: {
    title: "Other ways to verify",
    totp: "Use your authenticator app",
    backup: "Use a backup code",
    otp: "Send a code by email",
  },
  otp: {
    send: "Send me a code",
    sent: "We've sent a code to your email address.",
    resend: "Send a new code",
    resendIn: "You can ask for a new code in {duration}.",
  },
  ended: {
    title: "Sign in again",
    description: "This sign-in attempt has ended. Enter your email and password again.",
    signInAgain: "Back to sign in",
  },
  errors: {
    invalidCode: "That code isn't right. Check the code and try again.",
    invalidBackupCode: "That backup code isn't right, or it was already used.",
    codeExpired: "This code has expired. Send a new one.",
    tooManyAttempts: "Too many wrong codes. For your safety, this attempt has ended.",
    tooManyCodeAttempts: "Too many wrong tries for this code. Send a new one.",
    challengeExpired: "Too much time has passed since you entered your password. Sign in again.",
    locked: "Too many wrong codes: two-step sign-in to this account is locked for a while. Try again later.",
    noApp: "This account has no authenticator app. We'll send you a code by email instead.",
  },
  backToSignIn: "Back to sign in",
} satisfies Messages;

export default en;
