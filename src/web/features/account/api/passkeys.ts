import { useQuery } from "@tanstack/react-query";
import { ApiError, authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { authenticatorName } from "../utils/authenticator-name.js";
import { keys } from "./keys.js";

/** A passkey as GET /passkey/list-user-passkeys lists it (the public key and counter are not shown). */
export interface Passkey {
  id: string;
  name?: string | null;
  createdAt: string | Date;
  /** "multiDevice": synced by a password manager; "singleDevice": stays on one device or security key. */
  deviceType: string;
  backedUp: boolean;
  aaguid?: string | null;
}

export function usePasskeys() {
  return useQuery({
    queryKey: keys.passkeys,
    queryFn: () =>
      authCall<Passkey[]>((fetchOptions) => authClient.passkey.listUserPasskeys({ fetchOptions }) as never),
  });
}

/**
 * Creates a passkey: the engine's options, the browser's ceremony (@simplewebauthn/browser, loaded only
 * now), the engine's check. Without a name typed, it is named after the password manager or security key
 * when the authenticator says which it is, else after this browser (`fallbackName`).
 */
async function addPasskey({ name, fallbackName }: { name: string; fallbackName: string }) {
  const { startRegistration, WebAuthnError } = await import("@simplewebauthn/browser");
  const options = await authCall<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
    (fetchOptions) => authClient.passkey.generateRegisterOptions({ fetchOptions }) as never,
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (e) {
    if (e instanceof WebAuthnError && e.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
      throw new ApiError(400, "PREVIOUSLY_REGISTERED", e.message);
    }
    // NotAllowedError: the user closed the browser's prompt, or it timed out.
    throw new ApiError(400, "REGISTRATION_CANCELLED", e instanceof Error ? e.message : String(e));
  }
  const { clientExtensionResults: _, ...body } = response;
  const chosen = name.trim() || authenticatorName(response.response.authenticatorData) || fallbackName;
  return authCall<Passkey>(
    (fetchOptions) =>
      authClient.$fetch("/passkey/verify-registration", {
        method: "POST",
        body: { response: body, name: chosen },
        ...fetchOptions,
      }) as never,
  );
}

/** A passkey changes what the two-step screens show too. */
const changed = () => [keys.passkeys, keys.mfa];

/** Adds a passkey (addPasskey). */
export function useAddPasskey(config?: MutationConfig<Passkey, { name: string; fallbackName: string }>) {
  return useFeatureMutation(addPasskey, changed, config);
}

/** POST /passkey/update-passkey. */
export function useRenamePasskey(id: string, config?: MutationConfig<unknown, string>) {
  return useFeatureMutation(
    (name: string) => authCall((fetchOptions) => authClient.passkey.updatePasskey({ id, name, fetchOptions })),
    changed,
    config,
  );
}

/** POST /passkey/delete-passkey. */
export function useRemovePasskey(id: string, config?: MutationConfig<unknown, void>) {
  return useFeatureMutation(
    () => authCall((fetchOptions) => authClient.passkey.deletePasskey({ id, fetchOptions })),
    changed,
    config,
  );
}
