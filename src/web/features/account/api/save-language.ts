import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import type { LanguageCode } from "@/shared/languages.js";

/** Stores the signed-in user's language (docs/behaviour.md#data code) with POST /update-user. */
export function saveLanguage(code: LanguageCode) {
  return authCall((fetchOptions) => authClient.updateUser({ language: code, fetchOptions }));
}
