import { runWithAdapter } from "@better-auth/core/context";
import type { AuthContext, BetterAuthOptions } from "better-auth";
import { router } from "better-auth/api";

type Handler = (request: Request) => Promise<Response>;

/**
 * The engine's request handler with its router built once instead of per request.
 *
 * better-auth 1.7's `handler` (dist/auth/base.mjs) copies the auth context, recomputes the
 * trusted origins and providers from the request, and then builds every endpoint and a new
 * router for each request: several milliseconds of CPU on every sign-in, organization and admin
 * call. With a fixed `baseURL` and fixed lists of trusted origins and providers the copy comes out
 * the same for every request, so it and its router are made once; the router copies the context
 * for each request itself (better-call's `createRouter`), as the endpoints do again. Any setting
 * that makes the copy depend on the request keeps the engine's own handler.
 */
export function routeOnce(
  engine: { handler: Handler; $context: Promise<unknown> },
  options: BetterAuthOptions,
): Handler {
  if (!requestIndependent(options)) return engine.handler;
  let built: Promise<{ handler: Handler; context: AuthContext }> | undefined;
  const build = async () => {
    const ctx = (await engine.$context) as AuthContext;
    // As the engine's handler does for a fixed baseURL: a copy whose own properties can be
    // replaced without touching the shared context (its trusted lists were computed without a
    // request at start-up, which for these options gives the same lists).
    const context: AuthContext = Object.create(Object.getPrototypeOf(ctx), Object.getOwnPropertyDescriptors(ctx));
    context.trustedOrigins = [...ctx.trustedOrigins];
    context.trustedProviders = [...(ctx.trustedProviders ?? [])];
    return { handler: router(context, options).handler as Handler, context };
  };
  return async (request) => {
    built ??= build();
    const { handler, context } = await built;
    return runWithAdapter(context.adapter, () => handler(request));
  };
}

/** True when the engine's per-request copy of its context would not depend on the request. */
export function requestIndependent(options: BetterAuthOptions): boolean {
  return (
    typeof options.baseURL === "string" &&
    options.baseURL !== "" &&
    typeof options.trustedOrigins !== "function" &&
    typeof options.account?.accountLinking?.trustedProviders !== "function"
  );
}
