import { paths } from "@/config/paths.js";

/**
 * GET /api/public-config, as sent: the body, or undefined when the server answered no 2xx. A plain fetch,
 * not TanStack Query: the sign-in screen reads it, whose download budget query-core would spend.
 * `lib/public-config.ts` checks the body, caches it for the page and falls back to the defaults.
 */
export async function fetchPublicConfigBody(): Promise<unknown> {
  const response = await fetch(paths.api.publicConfig, { headers: { Accept: "application/json" } });
  if (!response.ok) return undefined;
  return response.json();
}
