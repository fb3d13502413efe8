// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isEmail, parseEmails } from "../../src/web/features/organization-admin/utils/emails.js";
import { entryProblems, toEntries, toRecord } from "../../src/web/features/organization-admin/utils/metadata.js";
import { can, roleList } from "../../src/web/features/organization-admin/utils/permissions.js";
import { slugify, slugProblem } from "../../src/web/features/organization-admin/utils/slug.js";

describe("the organization screens' rules", () => {
  it("checks roles against SPEC §6 with the shared roles, several roles combining with OR", () => {
    expect(can("owner", { organization: ["delete"] })).toBe(true);
    expect(can("admin", { organization: ["delete"] })).toBe(false);
    expect(can("admin", { organization: ["update"], member: ["create", "update", "delete"] })).toBe(true);
    expect(can("admin", { invitation: ["create", "cancel"], team: ["create", "update", "delete"] })).toBe(true);
    expect(can("member", { organization: ["update"] })).toBe(false);
    expect(can("member", { invitation: ["create"] })).toBe(false);
    expect(can("member", { team: ["create"] })).toBe(false);
    expect(can("member,admin", { member: ["delete"] })).toBe(true);
    expect(can("member, owner", { organization: ["delete"] })).toBe(true);
    expect(can("boss", { member: ["delete"] })).toBe(false);
    expect(can(undefined, { member: ["delete"] })).toBe(false);
    expect(roleList(" admin , member,")).toEqual(["admin", "member"]);
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
