import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { ApiError, authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { keys } from "./keys.js";

/** POST /reset-password {newPassword, token}. INVALID_TOKEN when expired or already used. */
export function resetPassword(token: string, newPassword: string) {
  return authCall((fetchOptions) => authClient.resetPassword({ token, newPassword, fetchOptions }));
}

/**
 * Whether a reset token is still good, without using it: the engine's GET /reset-password/{token}
 * redirects to the callback with `?token=` when valid or `?error=INVALID_TOKEN` when not.
 * Resolves "unknown" when the check itself could not be made; the form then decides on submit.
 */
async function checkResetToken(token: string): Promise<"valid" | "invalid" | "unknown"> {
  try {
    const response = await fetch(paths.api.resetTokenCheck(token), { credentials: "same-origin" });
    const landed = new URL(response.url);
    if (landed.searchParams.get("error")) return "invalid";
    if (landed.searchParams.get("token")) return "valid";
    return "unknown";
  } catch {
    return "unknown";
  }
}

/** The reset link's token check (checkResetToken), once per token for the visit. */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: keys.resetToken(token),
    queryFn: () => checkResetToken(token),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: !!token,
  });
}

export function isInvalidTokenError(error: unknown) {
  return error instanceof ApiError && (error.code === "INVALID_TOKEN" || error.code === "TOKEN_EXPIRED");
}
