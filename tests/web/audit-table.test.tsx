import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuditTable } from "@/features/audit/components/audit-table.js";
import { AUDIT_NS } from "@/features/audit/hooks/use-audit-translation.js";
import { i18n } from "@/lib/i18n.js";
import type { AuditEvent } from "@/shared/audit-events.js";
import { renderScreen, withLocale } from "./helpers/render.js";

const failed = (id: string, code: unknown): AuditEvent => ({
  id,
  createdAt: "2026-11-27T10:00:00.000Z",
  action: "sign_in.failed",
  actorId: null,
  actorEmail: "bert@example.com",
  targetType: "user",
  targetId: "u1234567890abcdefghijklmnopqrstu",
  organizationId: null,
  ipAddress: "203.0.113.9",
  userAgent: "Mozilla/5.0",
  detail: { method: "email", code },
  names: {
    actor: null,
    target: { name: "Bert", email: "bert@example.com" },
    organization: null,
    team: null,
    impersonator: null,
  },
});

// Issue 22 item 2: failures in words; a code the app has no words for says so, and keeps the code in the row's detail.
describe("the audit table's outcomes", () => {
  it("translates a known code and falls back to a general text for an unknown one", async () => {
    await withLocale("de");
    await i18n.loadNamespaces(AUDIT_NS);
    renderScreen(<AuditTable events={[failed("e1", "BANNED_USER"), failed("e2", "SOMETHING_NEW")]} showOrganization />);
    const table = await screen.findByRole("table");
    await waitFor(() => expect(table.textContent).toContain("Sie wurden für diese Anwendung gesperrt."));
    expect(table.textContent).toContain("Aus einem hier nicht benannten Grund fehlgeschlagen");
    // The raw codes only inside each row's folded "IDs and browser".
    const folded = [...table.querySelectorAll("details")].map((d) => d.textContent ?? "");
    expect(folded.some((t) => t.includes("SOMETHING_NEW"))).toBe(true);
    const open = [...table.querySelectorAll("td")]
      .map((td) => {
        const copy = td.cloneNode(true) as HTMLElement;
        for (const d of copy.querySelectorAll("details")) d.remove();
        return copy.textContent ?? "";
      })
      .join(" ");
    expect(open).not.toContain("SOMETHING_NEW");
    expect(open).not.toContain("BANNED_USER");
    expect(open).not.toContain("u1234567890abcdefghijklmnopqrstu");
    expect(open).toContain("Bert");
  });
});
