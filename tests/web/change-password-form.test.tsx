import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error.js";
import { i18n } from "@/lib/i18n.js";
import { renderScreen, withLocale } from "./helpers/render.js";

const changePassword = vi.hoisted(() => vi.fn());
vi.mock("@/features/account/api/password.js", () => ({ changePassword, setPassword: vi.fn() }));

const { ChangePasswordForm } = await import("@/features/account/components/change-password-form.js");
const { SETTINGS_NS } = await import("@/features/account/hooks/use-settings-translation.js");

describe("change-password form", () => {
  it("after a refused then an accepted change, the emptied fields carry no error (issue 22 item 3)", async () => {
    await withLocale("en");
    await i18n.loadNamespaces(SETTINGS_NS);
    changePassword
      .mockRejectedValueOnce(new ApiError(400, "INVALID_PASSWORD", "Invalid password"))
      .mockResolvedValueOnce({ token: null });
    const user = userEvent.setup();
    renderScreen(<ChangePasswordForm policy={{ minLength: 8, maxLength: 128 }} />);

    await user.type(screen.getByLabelText("Current password"), "not my password");
    await user.type(screen.getByLabelText("New password"), "a brand new one");
    await user.type(screen.getByLabelText("Repeat the new password"), "a brand new one");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(changePassword).toHaveBeenCalledTimes(1));

    await user.clear(screen.getByLabelText("Current password"));
    await user.type(screen.getByLabelText("Current password"), "my real password");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await screen.findByText("Your password has been changed, and your other sessions have been signed out.", {
      selector: "[role=status]",
    });

    for (const label of ["Current password", "New password", "Repeat the new password"]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe("");
    }
    expect(screen.queryByText("Enter your current password.")).toBeNull();
    expect(screen.queryByText("Repeat the new password.")).toBeNull();
    expect(screen.queryByText(/Use 8 to 128 characters|at least/i, { selector: "[id$=-error]" })).toBeNull();
    expect(screen.queryAllByRole("textbox", { invalid: true } as never)).toHaveLength(0);
    expect(document.querySelectorAll("[aria-invalid=true]")).toHaveLength(0);
  });
});
