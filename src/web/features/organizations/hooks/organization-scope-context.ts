import { createContext, useContext } from "react";
import type { FullOrganization, Member } from "../api/types.js";
import type { Permissions } from "../utils/permissions.js";

/** The organization a screen is about, the signed-in user's membership in it, and what that role may do. */
export interface OrganizationScopeValue {
  organization: FullOrganization;
  me: Member;
  can: (permissions: Permissions) => boolean;
  /** Refetches everything the organization screens show. */
  refresh: () => Promise<void>;
}

export const OrganizationScopeContext = createContext<OrganizationScopeValue | null>(null);

/** Inside <OrganizationScope>: the organization in the address bar. */
export function useOrganizationScope(): OrganizationScopeValue {
  const value = useContext(OrganizationScopeContext);
  if (!value) throw new Error("useOrganizationScope outside <OrganizationScope>");
  return value;
}
