import { defineRequestState, hasRequestState } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";

/** A reset request is answered this long after the engine starts on it, known address or not. */
export const RESET_REQUEST_MIN_MS = 500;

const PATHS = new Set(["/request-password-reset", "/forget-password"]);
const started = defineRequestState(() => ({ at: 0 }));

/**
 * Reset requests must not tell whether an address has an account (docs/security.md "Brute force
 * and enumeration"). The engine answers both alike, but for a known address it first stores a
 * token and queues the mail (two writes), so the answer came a few milliseconds later, visible over
 * a few hundred requests. Every successful answer now waits until a fixed time after the engine
 * began, as long as the engine holds verification resends: long enough for the mail's delivery,
 * which this process starts at once, to be over as well (with 250 ms it still overlapped the answer
 * on a busy machine). The mail is queued in the outbox before the answer, as before, so nothing is
 * lost if the process dies. Refusals (bad input, a foreign redirectTo) come before the address is
 * looked up and are not held.
 */
export function resetRequestFloor(minMs = RESET_REQUEST_MIN_MS) {
  return {
    id: "tessera-reset-request-floor",
    hooks: {
      before: [
        {
          matcher: (ctx) => PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async () => {
            if (await hasRequestState()) (await started.get()).at = performance.now();
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            if (!(await hasRequestState()) || isAPIError(ctx.context.returned)) return;
            const { at } = await started.get();
            const left = at + minMs - performance.now();
            if (at > 0 && left > 0) await new Promise((resolve) => setTimeout(resolve, left));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
