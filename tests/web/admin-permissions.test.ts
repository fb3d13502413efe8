import { describe, expect, it } from "vitest";
import { ALL_SITE_PERMISSIONS, roleGrants, SITE_ROLE_NAMES } from "@/features/admin/api/permissions.js";
import { parseUserSearch, userSearchParams } from "@/features/admin/hooks/use-user-search-params.js";
import { auditQuery, dayBoundary } from "@/features/audit/api/audit.js";
import { siteRoles } from "@/shared/permissions.js";

// SPEC §6 "Site-wide roles": the console hides what a role cannot do, by the same role data the server uses.
describe("site role checks in the console (the admin client's checkRolePermission)", () => {
  it("offers every site role the server knows, custom ones included", () => {
    expect([...SITE_ROLE_NAMES].sort()).toEqual(Object.keys(siteRoles).sort());
  });

  it("grants the admin statements of SPEC §6 to admin and nothing to user", () => {
    const spec = {
      user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password"],
      session: ["list", "revoke", "delete"],
    };
    expect(roleGrants("admin", spec)).toBe(true);
    for (const [resource, actions] of Object.entries(spec)) {
      for (const action of actions) expect(roleGrants("user", { [resource]: [action] }), action).toBe(false);
    }
    // A user with no role at all is a "user".
    expect(roleGrants(null, { user: ["list"] })).toBe(false);
  });

  it("combines several roles with OR, and several actions with AND unless asked for OR", () => {
    expect(roleGrants("user,admin", { user: ["ban"] })).toBe(true);
    expect(roleGrants("admin", { user: ["list", "impersonate-admins"] })).toBe(false);
    expect(roleGrants("admin", { user: { actions: ["impersonate-admins", "list"], connector: "OR" } })).toBe(true);
    expect(roleGrants("admin", { user: ["list"], session: ["revoke"] })).toBe(true);
    expect(roleGrants("superhero", { user: ["list"] })).toBe(false);
  });

  it("knows every statement, so only ADMIN_USER_IDS can hold them all", () => {
    expect(ALL_SITE_PERMISSIONS.audit).toEqual(["list"]);
    expect(ALL_SITE_PERMISSIONS.user).toContain("impersonate-admins");
    expect(roleGrants("admin", ALL_SITE_PERMISSIONS)).toBe(false);
  });
});

describe("the user list's address", () => {
  const roles = ["admin", "user"];

  it("keeps only what differs from the defaults, and reads it back", () => {
    const search = parseUserSearch(
      new URLSearchParams("q=ann&banned=true&sortBy=email&sortDirection=asc&page=3"),
      roles,
    );
    expect(search).toEqual({
      q: "ann",
      role: "",
      banned: "true",
      emailVerified: "",
      sortBy: "email",
      sortDirection: "asc",
      page: 3,
    });
    expect(userSearchParams(search).toString()).toBe("q=ann&banned=true&sortBy=email&sortDirection=asc&page=3");
    expect(userSearchParams(parseUserSearch(new URLSearchParams(""), roles)).toString()).toBe("");
  });

  it("ignores values the server would refuse", () => {
    const search = parseUserSearch(
      new URLSearchParams("role=superhero&banned=maybe&sortBy=password&sortDirection=up&page=-2"),
      roles,
    );
    expect(userSearchParams(search).toString()).toBe("");
  });
});

describe("the audit log's query", () => {
  it("turns calendar days into the first and last instant of those days, in the viewer's time zone", () => {
    const from = dayBoundary("2026-03-01", false)!;
    const to = dayBoundary("2026-03-01", true)!;
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(86_400_000 - 1);
    expect(new Date(from).getHours()).toBe(0);
    expect(dayBoundary("yesterday", false)).toBeUndefined();
  });

  it("sends only the filters set, and pages only the JSON view", () => {
    const filters = { actor: " ann@example.com ", action: "invitation.accepted", from: "", to: "", page: 2 };
    expect(Object.fromEntries(auditQuery(filters, "org-1"))).toEqual({
      organizationId: "org-1",
      actor: "ann@example.com",
      action: "invitation.accepted",
      page: "2",
      pageSize: "25",
    });
    expect(Object.fromEntries(auditQuery(filters, undefined, "csv"))).toEqual({
      actor: "ann@example.com",
      action: "invitation.accepted",
      format: "csv",
    });
  });
});
