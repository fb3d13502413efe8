import { useQuery } from "@tanstack/react-query";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { keys } from "./keys.js";

export type VerifyEmailOutcome =
  /** The address is verified; the engine signed the user in when they were not. */
  | { kind: "verified" }
  /** First step of an e-mail change: a link went to the new address. */
  | { kind: "change-confirmed" }
  /** The e-mail change is complete. */
  | { kind: "changed"; email: string };

// A link is opened once per page even when React mounts the screen twice (StrictMode, remounts).
const inFlight = new Map<string, Promise<VerifyEmailOutcome>>();

/** GET /verify-email?token=… (no callbackURL, so the answer is JSON we can show). */
function verifyEmail(token: string): Promise<VerifyEmailOutcome> {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = authCall<{ status: boolean; user?: { email: string } | null }>(
      (fetchOptions) => authClient.verifyEmail({ query: { token }, fetchOptions }) as never,
    ).then((data) => {
      if (data && !("user" in data)) return { kind: "change-confirmed" } as const;
      if (data?.user?.email) return { kind: "changed", email: data.user.email } as const;
      return { kind: "verified" } as const;
    });
    inFlight.set(token, pending);
  }
  return pending;
}

/** A verification link's outcome (verifyEmail), kept for the page: the link works once. */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: keys.verifyEmail(token),
    queryFn: () => verifyEmail(token ?? ""),
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The address a verification token was issued for (its payload is signed, not secret), to offer a resend. */
export function emailFromVerificationToken(token: string): string | undefined {
  try {
    const payload = token.split(".")[1];
    if (!payload) return undefined;
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { email?: unknown };
    return typeof json.email === "string" ? json.email : undefined;
  } catch {
    return undefined;
  }
}
