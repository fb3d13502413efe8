const PROBE_ORIGIN = "http://tessera.invalid";

/**
 * A same-origin relative path taken from a query parameter, or `fallback`.
 * Rejects absolute URLs, protocol-relative `//host` and `/\host` tricks, and control characters,
 * so a crafted `?redirectTo=` can never send the user to another site.
 */
export function safeRedirect(value: string | null | undefined, fallback = "/"): string {
  if (!value || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    // `/..//evil.example` resolves to the path `//evil.example`: written back as a link, another host.
    if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * A mail link's `callbackURL`: the engine may hand back an absolute URL on this app's origin;
 * it becomes a relative path. Anything else goes through `safeRedirect`.
 */
export function safeCallback(value: string | null | undefined, origin: string, fallback = "/"): string {
  if (!value) return fallback;
  try {
    const url = new URL(value);
    if (url.origin === origin) return safeRedirect(`${url.pathname}${url.search}${url.hash}`, fallback);
    return fallback;
  } catch {
    return safeRedirect(value, fallback);
  }
}
