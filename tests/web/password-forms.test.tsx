import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form.js";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form.js";
import { ApiError } from "@/lib/api-error.js";
import { renderScreen, withLocale } from "./helpers/render.js";

describe("forgot-password form", () => {
  it("answers with SPEC §8's neutral message, whatever the address", async () => {
    await withLocale("en");
    const asked: string[] = [];
    const user = userEvent.setup();
    renderScreen(<ForgotPasswordForm request={async (email) => void asked.push(email)} />);
    await user.type(screen.getByLabelText("Email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(
      await screen.findByText("If this email exists in our system, check your email for the reset link"),
    ).toBeTruthy();
    expect(asked).toEqual(["nobody@example.com"]);
  });

  it("shows how long to wait after a 429", async () => {
    await withLocale("de");
    const user = userEvent.setup();
    renderScreen(
      <ForgotPasswordForm
        request={async () => {
          throw new ApiError(429, undefined, "Too many requests. Please try again later.", 42);
        }}
      />,
    );
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Link senden" }));
    expect(
      await screen.findByText("Zu viele Versuche. Versuchen Sie es in 42 Sekunden erneut.", { selector: ".sr-only" }),
    ).toBeTruthy();
  });
});

describe("reset-password form", () => {
  const policy = { minLength: 8, maxLength: 128 };

  it("wants the new password twice, the same", async () => {
    await withLocale("en");
    const sent: [string, string][] = [];
    let done = 0;
    const user = userEvent.setup();
    renderScreen(
      <ResetPasswordForm
        token="tok"
        policy={policy}
        onDone={() => done++}
        onInvalidToken={() => {}}
        reset={async (token, pw) => void sent.push([token, pw])}
      />,
    );
    await user.type(screen.getByLabelText("New password"), "a brand new one");
    await user.type(screen.getByLabelText("Repeat the new password"), "a brand new on");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(screen.getByText("The two passwords are not the same.")).toBeTruthy();
    await user.type(screen.getByLabelText("Repeat the new password"), "e");
    await waitFor(() => expect(screen.queryByText("The two passwords are not the same.")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(done).toBe(1));
    expect(sent).toEqual([["tok", "a brand new one"]]);
  });

  it("hands an expired or used token (INVALID_TOKEN) to the page, which shows a way to ask again", async () => {
    await withLocale("en");
    let invalid = 0;
    const user = userEvent.setup();
    renderScreen(
      <ResetPasswordForm
        token="used"
        policy={policy}
        onDone={() => {}}
        onInvalidToken={() => invalid++}
        reset={async () => {
          throw new ApiError(400, "INVALID_TOKEN", "Invalid token");
        }}
      />,
    );
    await user.type(screen.getByLabelText("New password"), "a brand new one");
    await user.type(screen.getByLabelText("Repeat the new password"), "a brand new one");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(invalid).toBe(1));
  });
});
