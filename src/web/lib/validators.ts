import type { TFunction } from "i18next";

// The same shape the engine accepts (better-auth validates with zod's email check); anything it rejects
// we reject first, with a message in the user's language.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An e-mail address: required and well-formed (docs/behaviour.md#sign-up-and-sign-in). */
export function emailValidator(t: TFunction) {
  return (value: string) => {
    const v = value.trim();
    if (!v) return t("validation.emailRequired");
    if (!EMAIL.test(v)) return t("validation.emailInvalid");
    return undefined;
  };
}

/** A new password within the configured limits (docs/behaviour.md#sign-up-and-sign-in "Password too short / too long"). */
export function newPasswordValidator(t: TFunction, policy: { minLength: number; maxLength: number }) {
  return (value: string) => {
    if (!value) return t("validation.passwordRequired");
    if (value.length < policy.minLength) return t("validation.passwordTooShort", { count: policy.minLength });
    if (value.length > policy.maxLength) return t("validation.passwordTooLong", { count: policy.maxLength });
    return undefined;
  };
}

/** A required value, with the message to show when it is empty. */
export function requiredValidator(message: string) {
  return (value: string) => (value.trim() ? undefined : message);
}

/** A display name: required, at most `max` characters. */
export function nameValidator(t: TFunction, max = 100) {
  return (value: string) => {
    const v = value.trim();
    if (!v) return t("validation.nameRequired");
    if (v.length > max) return t("validation.nameTooLong", { count: max });
    return undefined;
  };
}
