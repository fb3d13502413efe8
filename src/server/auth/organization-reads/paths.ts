/** The organization reads the web app makes, answered here when the answer is provably the engine's. */
export const ORGANIZATION_READ_PATHS = [
  "/organization/list",
  "/organization/list-members",
  "/organization/list-invitations",
  "/organization/list-teams",
  "/organization/get-full-organization",
] as const;
export type OrganizationReadPath = (typeof ORGANIZATION_READ_PATHS)[number];

/** Whether `path` (the engine's, without /api/auth) is one of these reads. */
export const isReadPath = (path: string): path is OrganizationReadPath =>
  (ORGANIZATION_READ_PATHS as readonly string[]).includes(path);

/** Query parameters each read takes on the fast path; any other (or any odd spelling) goes to the engine. */
export const PARAMETERS: Record<OrganizationReadPath, readonly string[]> = {
  "/organization/list": [],
  "/organization/list-members": ["organizationId", "limit", "offset"],
  "/organization/list-invitations": ["organizationId"],
  "/organization/list-teams": ["organizationId"],
  "/organization/get-full-organization": ["organizationId", "organizationSlug", "membersLimit"],
};
const ID = /^[A-Za-z0-9_-]{1,200}$/;
export const WHOLE_NUMBER = /^\d{1,9}$/;

/** The query as a record when every parameter is allowed, given once and spelled plainly; else null. */
export function parseQuery(search: string, allowed: readonly string[]): Record<string, string> | null {
  const query: Record<string, string> = {};
  if (search === "") return query;
  for (const pair of search.split("&")) {
    const eq = pair.indexOf("=");
    if (eq < 1) return null;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (!allowed.includes(name) || name in query) return null;
    if (!(name === "organizationId" || name === "organizationSlug" ? ID : WHOLE_NUMBER).test(value)) return null;
    query[name] = value;
  }
  return query;
}
