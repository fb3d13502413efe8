import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ImageField, type ImageFieldLabels } from "@/components/image-field/image-field.js";
import { ApiError } from "@/lib/api-error.js";
import { renderScreen, withLocale } from "./helpers/render.js";

const labels: ImageFieldLabels = {
  preview: "Preview",
  zoom: "Zoom",
  horizontal: "Left and right",
  vertical: "Up and down",
  current: "Current picture",
  choose: "Choose a picture",
  remove: "Remove",
  useLink: "Use an address",
  linkLabel: "Picture address",
  linkHint: "https only",
  linkInvalid: "Not an address we can use.",
  saveLink: "Save address",
  save: "Save picture",
  cancel: "Cancel",
  typeError: "Not a picture.",
  sizeError: "Too large.",
  unreadable: "Unreadable.",
  tooComplex: "Too detailed.",
};

describe("the shared image field", () => {
  it("says what is wrong with an address, then the screen's refusal, and closes the address form once saved", async () => {
    await withLocale("en");
    const saved: (string | null)[] = [];
    let refuse = true;
    renderScreen(
      <ImageField
        value="https://cdn.example/me.png"
        fallback="AB"
        labels={labels}
        onSave={async (url) => {
          if (refuse) throw new ApiError(404, "USER_NOT_FOUND", "User not found");
          saved.push(url);
        }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Use an address" }));
    await user.type(screen.getByRole("textbox", { name: "Picture address" }), "http://cdn.example/new.png");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(screen.getByText("Not an address we can use.")).toBeTruthy();

    await user.clear(screen.getByRole("textbox", { name: "Picture address" }));
    await user.type(screen.getByRole("textbox", { name: "Picture address" }), "https://cdn.example/new.png");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await screen.findByText("User not found.");
    expect(screen.queryByText("Not an address we can use.")).toBeNull();

    refuse = false;
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await expect.poll(() => screen.queryByRole("textbox", { name: "Picture address" })).toBeNull();
    expect(screen.queryByText("User not found.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Remove" }));
    await expect.poll(() => saved).toEqual(["https://cdn.example/new.png", null]);
  });
  it("keeps the address message while typing until the next save, leaves the focus on Save, and opens the form empty again", async () => {
    await withLocale("en");
    const saved: (string | null)[] = [];
    renderScreen(
      <ImageField
        value={null}
        fallback="AB"
        labels={labels}
        onSave={async (url) => {
          saved.push(url);
        }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Use an address" }));
    const field = () => screen.getByRole("textbox", { name: "Picture address" });
    await user.type(field(), "not an address");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(screen.getByText("Not an address we can use.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Save address" }));

    // Checked on save only: fixing the address does not take the message away before the next save.
    await user.clear(field());
    await user.type(field(), "https://cdn.example/ok.png");
    expect(screen.getByText("Not an address we can use.")).toBeTruthy();

    // Closed and opened again: the field is empty, the last try's message still says what it found.
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("textbox", { name: "Picture address" })).toBeNull();
    expect(screen.getByText("Not an address we can use.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Use an address" }));
    expect((field() as HTMLInputElement).value).toBe("");

    // Spaces around an address are not part of it.
    await user.type(field(), "  https://cdn.example/ok.png  ");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await expect.poll(() => saved).toEqual(["https://cdn.example/ok.png"]);
    expect(screen.queryByText("Not an address we can use.")).toBeNull();
  });
});
