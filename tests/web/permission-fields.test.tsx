import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PermissionFields, PermissionSummary } from "@/features/organizations/components/permission-fields.js";
import { ORG_NS } from "@/features/organizations/hooks/use-org-translation.js";
import { i18n } from "@/lib/i18n.js";
import { renderScreen, withLocale } from "./helpers/render.js";

/** The checkboxes as the role form uses them, with what the editing member holds. */
function Harness({
  held,
  onChange,
}: {
  held: Record<string, string[]>;
  onChange: (v: Record<string, string[]>) => void;
}) {
  const [value, setValue] = useState<Record<string, string[]>>({});
  return (
    <PermissionFields
      idPrefix="p"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      mayGrant={(resource, action) => held[resource]?.includes(action) ?? false}
    />
  );
}

async function setup(locale: "en" | "de", held: Record<string, string[]>) {
  await withLocale(locale);
  await i18n.loadNamespaces(ORG_NS);
  const changes: Record<string, string[]>[] = [];
  renderScreen(<Harness held={held} onChange={(v) => changes.push(v)} />);
  return { user: userEvent.setup(), changes };
}

describe("a role's permissions as checkboxes", () => {
  it("groups actions by resource, in words, and grants by keyboard in the statements' order", async () => {
    const { user, changes } = await setup("en", { invitation: ["create", "cancel"], team: ["create"] });
    const invitations = screen.getByRole("group", { name: "Invitations" });
    const invite = within(invitations).getByRole("checkbox", { name: "Invite people" });
    const cancel = within(invitations).getByRole("checkbox", { name: "Cancel invitations" });
    await user.click(cancel);
    invite.focus();
    await user.keyboard(" ");
    expect(changes.at(-1)?.invitation).toEqual(["create", "cancel"]);
    await user.keyboard(" ");
    expect(changes.at(-1)?.invitation).toEqual(["cancel"]);
  });

  it("disables what the editing member lacks and says why", async () => {
    await setup("en", { team: ["create"] });
    const deleteOrg = screen.getByRole<HTMLInputElement>("checkbox", { name: "Delete the organization" });
    expect(deleteOrg.disabled).toBe(true);
    expect(deleteOrg.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(deleteOrg.getAttribute("aria-describedby")!)?.textContent).toMatch(
      /your own roles don't have/,
    );
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Create teams" }).disabled).toBe(false);
    // Every resource of the statements has its group.
    expect(screen.getAllByRole("group").map((g) => g.querySelector("legend")?.textContent)).toEqual([
      "Organization",
      "Members",
      "Invitations",
      "Teams",
      "Roles",
      "Audit log",
      "Webhooks",
      "API keys",
      "OAuth apps",
    ]);
  });

  it("speaks the user's language, and sums a role up in words", async () => {
    await setup("de", {});
    screen.getByRole("group", { name: "Einladungen" });
    screen.getByRole("checkbox", { name: "Personen einladen" });
    renderScreen(<PermissionSummary permissions={{ invitation: ["cancel", "create"], team: [] }} />);
    screen.getByText("Personen einladen, Einladungen zurückziehen");
    renderScreen(<PermissionSummary permissions={{}} />);
    screen.getByText("Nichts außer der Zugehörigkeit zur Organisation.");
  });
});
