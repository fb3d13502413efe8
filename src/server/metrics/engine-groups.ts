/**
 * An engine call's group: /api/auth/ and its first path segment when the engine has calls there
 * (sign-in, get-session, organization, …), else /api/auth/other; never a token or an id from the path.
 */
export function engineGroup(path: string, segments: ReadonlySet<string>): string {
  const rest = path.slice("/api/auth/".length);
  const end = rest.indexOf("/");
  const first = end === -1 ? rest : rest.slice(0, end);
  return segments.has(first) ? `/api/auth/${first}` : "/api/auth/other";
}

/**
 * The engine's first path segments, and for sign-in its second ("sign-in/email"), from the paths
 * of its endpoints (auth.api).
 */
export function engineSegmentsOf(api: Record<string, unknown>): Set<string> {
  const segments = new Set<string>();
  for (const endpoint of Object.values(api)) {
    const path = (endpoint as { path?: unknown } | undefined)?.path;
    if (typeof path !== "string" || !path.startsWith("/")) continue;
    const parts = path.slice(1).split("/");
    if (parts[0] && !parts[0].startsWith(":")) segments.add(parts[0]);
    if (parts[0] === "sign-in" && parts[1] && !parts[1].startsWith(":")) segments.add(`sign-in/${parts[1]}`);
  }
  return segments;
}
