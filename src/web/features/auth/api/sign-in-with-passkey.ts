import { ApiError, authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";

// @simplewebauthn/browser is fetched when a passkey may be used, never with the sign-in screen itself.
const webauthn = () => import("@simplewebauthn/browser");

/** Whether the browser can offer passkeys in the e-mail field's autofill (conditional mediation). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  const credential = typeof window === "undefined" ? undefined : window.PublicKeyCredential;
  if (typeof credential?.isConditionalMediationAvailable !== "function") return false;
  return credential.isConditionalMediationAvailable().catch(() => false);
}

/** Whether the browser does WebAuthn at all. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/**
 * Signs in with a passkey: the engine's challenge (GET /passkey/generate-authenticate-options), the
 * browser's prompt, or with `autofill` the passkeys offered in the e-mail field, then the engine's check
 * (POST /passkey/verify-authentication), which starts the session. A closed prompt is AUTH_CANCELLED.
 */
export async function signInWithPasskey({ autofill = false }: { autofill?: boolean } = {}) {
  const { startAuthentication } = await webauthn();
  const options = await authCall<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
    (fetchOptions) => authClient.passkey.generateAuthenticateOptions({ fetchOptions }) as never,
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  } catch (e) {
    throw new ApiError(400, "AUTH_CANCELLED", e instanceof Error ? e.message : String(e));
  }
  const { clientExtensionResults: _, ...body } = response;
  return authCall(
    (fetchOptions) =>
      authClient.$fetch("/passkey/verify-authentication", {
        method: "POST",
        body: { response: body },
        ...fetchOptions,
      }) as never,
  );
}

/** Ends a waiting passkey request (the autofill one when leaving the page). */
export async function cancelPasskeyRequest() {
  const { WebAuthnAbortService } = await webauthn();
  WebAuthnAbortService.cancelCeremony();
}
