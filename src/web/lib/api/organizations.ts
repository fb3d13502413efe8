import { fetchJson } from "@/lib/api-error.js";

export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  createdAt: string | Date;
}

/**
 * Every organization the user belongs to, by name: GET /api/organizations page after page (100
 * each), as the engine's GET /organization/list stops at 100 (docs/behaviour.md#organizations).
 */
export async function listOrganizations<T extends OrganizationSummary = OrganizationSummary>(): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const page = await fetchJson<{ organizations: T[]; total: number }>(
      `/api/organizations?limit=100&offset=${all.length}`,
    );
    all.push(...page.organizations);
    if (page.organizations.length === 0 || all.length >= page.total) return all;
  }
}
