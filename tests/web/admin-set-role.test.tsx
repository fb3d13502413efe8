import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SetRoleDialog } from "@/features/admin/components/set-role-dialog.js";
import { ADMIN_NS } from "@/features/admin/hooks/use-admin-translation.js";
import { i18n } from "@/lib/i18n.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { renderScreen, withLocale } from "./helpers/render.js";

const nora: AdminUserView = {
  id: "u1",
  name: "Nora New",
  email: "nora@example.com",
  emailVerified: true,
  image: null,
  role: "user",
  banned: false,
  banReason: null,
  banExpires: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  mfa: { twoFactor: null, passkeys: 0 },
};

describe("the admin console's roles dialog", () => {
  it("asks for a role on submit, with the focus on the first one; the message goes once one is chosen", async () => {
    await withLocale("en");
    await i18n.loadNamespaces(ADMIN_NS);
    renderScreen(<SetRoleDialog user={nora} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change roles" }));
    const dialog = screen.getByRole("dialog", { name: "Roles of Nora New" });
    const checkboxes = within(dialog).getAllByRole("checkbox");
    expect(within(dialog).getByRole("checkbox", { name: "User" })).toHaveProperty("checked", true);
    await user.click(within(dialog).getByRole("checkbox", { name: "User" }));
    await user.click(within(dialog).getByRole("button", { name: "Save roles" }));
    expect(within(dialog).getByText("Choose at least one role.")).toBeTruthy();
    expect(document.activeElement).toBe(checkboxes[0]);
    expect(checkboxes[0]?.getAttribute("aria-invalid")).toBe("true");
    await user.click(within(dialog).getByRole("checkbox", { name: "Administrator" }));
    expect(within(dialog).queryByText("Choose at least one role.")).toBeNull();
    expect(within(dialog).getByText("With these roles, the user can open the admin console.")).toBeTruthy();
  });
});
