import { describe, expect, it } from "vitest";
import { isEmail, parseEmails } from "@/features/organizations/utils/emails.js";
import { entryProblems, toEntries, toRecord } from "@/features/organizations/utils/metadata.js";
import {
  builtInPermissions,
  can,
  compactPermissions,
  roleList,
  roleNameProblem,
} from "@/features/organizations/utils/permissions.js";
import { slugify, slugProblem } from "@/features/organizations/utils/slug.js";

describe("the organization screens' rules", () => {
  it("checks the effective permissions the server resolved (custom roles included), all actions required", () => {
    const billing = { invitation: ["create"] };
    expect(can(billing, { invitation: ["create"] })).toBe(true);
    expect(can(billing, { invitation: ["create", "cancel"] })).toBe(false);
    expect(can(billing, { team: ["create"] })).toBe(false);
    expect(can(billing, { member: ["update"] })).toBe(false);
    expect(can(billing, {})).toBe(true);
    expect(can(undefined, { invitation: ["create"] })).toBe(false);
    // The built-in roles, as the Roles screen shows them (read-only), are SPEC §6's.
    const owner = builtInPermissions("owner");
    const admin = builtInPermissions("admin");
    expect(can(owner, { organization: ["delete"] })).toBe(true);
    expect(can(admin, { organization: ["delete"] })).toBe(false);
    expect(can(admin, { organization: ["update"], member: ["create", "update", "delete"] })).toBe(true);
    expect(can(admin, { invitation: ["create", "cancel"], team: ["create", "update", "delete"] })).toBe(true);
    expect(can(admin, { ac: ["create", "read", "update", "delete"] })).toBe(true);
    expect(builtInPermissions("member")).toEqual({});
    expect(roleList(" admin , member,")).toEqual(["admin", "member"]);
  });

  it("checks a custom role's name as the engine will store it, and keeps only granted actions", () => {
    expect(roleNameProblem("  ", [])).toBe("required");
    expect(roleNameProblem("a,b", [])).toBe("format");
    expect(roleNameProblem("1st", [])).toBe("format");
    expect(roleNameProblem("two words", [])).toBe("format");
    expect(roleNameProblem("x".repeat(33), [])).toBe("tooLong");
    expect(roleNameProblem("x".repeat(32), [])).toBeNull();
    expect(roleNameProblem("team_lead-2", [])).toBeNull();
    expect(roleNameProblem("Admin", [])).toBe("builtIn");
    expect(roleNameProblem(" Billing ", ["billing"])).toBe("taken");
    expect(roleNameProblem("Billing", ["support"])).toBeNull();
    expect(compactPermissions({ team: [], invitation: ["cancel", "create"], ac: ["read"] })).toEqual({
      invitation: ["create", "cancel"],
      ac: ["read"],
    });
  });

  it("reads pasted addresses: separators, names with brackets, case, duplicates", () => {
    expect(parseEmails("a@x.io, B@x.io;c@x.io\n\n d@x.io  e@x.io")).toEqual([
      "a@x.io",
      "b@x.io",
      "c@x.io",
      "d@x.io",
      "e@x.io",
    ]);
    expect(parseEmails("Ada Lovelace <ada@example.com>, ada@example.com")).toEqual(["ada@example.com"]);
    expect(parseEmails("not-an-email")).toEqual(["not-an-email"]);
    expect(parseEmails(" \n ,; ")).toEqual([]);
    expect(isEmail("ada@example.com")).toBe(true);
    expect(["not-an-email", "a@b", "a..b@example.com", "@example.com"].filter(isEmail)).toEqual([]);
  });

  it("suggests and checks slugs", () => {
    expect(slugify("Acme Café & Co.")).toBe("acme-cafe-co");
    expect(slugify("  --Ünïcödé--  ")).toBe("unicode");
    expect(slugify("x".repeat(60))).toHaveLength(48);
    expect(slugProblem("")).toBe("required");
    expect(slugProblem("Bad slug")).toBe("format");
    expect(slugProblem("double--hyphen")).toBe("format");
    expect(slugProblem("a".repeat(49))).toBe("tooLong");
    expect(slugProblem("acme-research-2")).toBeUndefined();
  });

  it("turns metadata into rows and back, and flags rows that cannot be saved", () => {
    expect(toEntries({ region: "eu", seats: 12 })).toEqual([
      { key: "region", value: "eu" },
      { key: "seats", value: "12" },
    ]);
    expect(toEntries('{"a":"b"}')).toEqual([{ key: "a", value: "b" }]);
    expect(toEntries("not json")).toEqual([]);
    expect(toEntries(null)).toEqual([]);
    const rows = [
      { key: " region ", value: "eu" },
      { key: "", value: "" },
      { key: "", value: "orphan" },
      { key: "region", value: "us" },
    ];
    expect(entryProblems(rows)).toEqual([undefined, undefined, "keyRequired", "duplicate"]);
    expect(
      toRecord([
        { key: " region ", value: "eu" },
        { key: "", value: "" },
      ]),
    ).toEqual({ region: "eu" });
  });
});
