import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { SignInInput } from "@/features/auth/api/sign-in-with-email.js";
import { SignInForm } from "@/features/auth/components/sign-in-form.js";
import { ApiError } from "@/lib/api-error.js";
import { renderScreen, withLocale } from "./helpers/render.js";

// The server's answers, as the engine sends them (status, code, message); see tests/e2e for the real round trip.
const invalidCredentials = () => new ApiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password");
const notVerified = () => new ApiError(403, "EMAIL_NOT_VERIFIED", "Email not verified");

function setup(
  signIn: (input: SignInInput) => Promise<unknown>,
  send?: (email: string, cb?: string) => Promise<unknown>,
) {
  const calls: SignInInput[] = [];
  let signedIn = 0;
  const twoFactor: string[][] = [];
  const user = userEvent.setup();
  renderScreen(
    <SignInForm
      redirectTo="/invitations/abc"
      onSignedIn={() => signedIn++}
      onTwoFactor={(methods) => twoFactor.push(methods)}
      signIn={(input) => {
        calls.push(input);
        return signIn(input);
      }}
      sendVerification={send}
    />,
  );
  return { user, calls, signedIn: () => signedIn, twoFactor };
}

describe("sign-in form", () => {
  it("checks the fields before sending anything, and focuses the first one wrong", async () => {
    await withLocale("en");
    const { user, calls } = setup(async () => ({}));
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByText("Enter your email address.")).toBeTruthy();
    expect(screen.getByText("Enter your password.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    await user.type(screen.getByLabelText("Email"), "not-an-address");
    expect(screen.getByText("Enter a valid email address, like name@example.com.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("sends e-mail, password, remember-me and where to come back to", async () => {
    await withLocale("en");
    const { user, calls, signedIn } = setup(async () => ({}));
    await user.type(screen.getByLabelText("Email"), "  ada@example.com ");
    await user.type(screen.getByLabelText("Password"), "secret words");
    await user.click(screen.getByLabelText("Keep me signed in on this device"));
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(signedIn()).toBe(1));
    expect(calls).toEqual([
      { email: "ada@example.com", password: "secret words", rememberMe: false, callbackURL: "/invitations/abc" },
    ]);
  });

  it("goes on to the second step when the account has two-step verification on", async () => {
    await withLocale("en");
    const { user, signedIn, twoFactor } = setup(async () => ({
      twoFactorRedirect: true,
      twoFactorMethods: ["totp", "otp"],
    }));
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "secret words");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(twoFactor).toEqual([["totp", "otp"]]));
    expect(signedIn()).toBe(0);
  });

  it("says 'Invalid email or password' without marking either field, and clears the password", async () => {
    await withLocale("en");
    const { user } = setup(async () => {
      throw invalidCredentials();
    });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password.");
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBeNull();
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
  });

  it("in Russian, too", async () => {
    await withLocale("ru");
    const { user } = setup(async () => {
      throw invalidCredentials();
    });
    await user.type(screen.getByLabelText("Электронная почта"), "ada@example.com");
    await user.type(screen.getByLabelText("Пароль"), "wrong");
    await user.click(screen.getByRole("button", { name: "Войти" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Неверный адрес электронной почты или пароль.");
  });

  it("after EMAIL_NOT_VERIFIED says a new mail went out, and offers to send another", async () => {
    await withLocale("en");
    const sent: [string, string | undefined][] = [];
    const { user } = setup(
      async () => {
        throw notVerified();
      },
      async (email, cb) => {
        sent.push([email, cb]);
      },
    );
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "right");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Verify your email address first")).toBeTruthy();
    expect(screen.getByText(/We've sent a new verification link to ada@example.com/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send the link again" }));
    expect(await screen.findByText("A new link is on its way to ada@example.com.")).toBeTruthy();
    expect(sent).toEqual([["ada@example.com", "/invitations/abc"]]);
  });

  it("after a 429 shows the wait from X-Retry-After, counting down, and keeps resend disabled", async () => {
    await withLocale("en");
    const { user } = setup(
      async () => {
        throw notVerified();
      },
      async () => {
        throw new ApiError(429, undefined, "Too many requests. Please try again later.", 5);
      },
    );
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "right");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const resend = await screen.findByRole("button", { name: "Send the link again" });
    // Only Date is held still (timers stay real): the countdown then reads 5 until the clock is moved,
    // however long a busy machine takes to render, and moving it 2 and 5 seconds shows it counting down.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.now();
      await user.click(resend);
      const wait = (seconds: number) =>
        screen.findByText(
          `Too many attempts. Try again in ${seconds} seconds.`,
          { selector: "p[aria-hidden]" },
          // Generous: a render can take seconds on a loaded machine, and the clock stands still meanwhile.
          { timeout: 10_000 },
        );
      expect(await wait(5)).toBeTruthy();
      expect((screen.getByRole("button", { name: "Send the link again" }) as HTMLButtonElement).disabled).toBe(true);
      vi.setSystemTime(start + 2000);
      expect(await wait(3)).toBeTruthy();
      vi.setSystemTime(start + 5000);
      await waitFor(() => expect(screen.getByText("You can try again now.")).toBeTruthy(), { timeout: 10_000 });
      // The button's countdown is the form's own and ticks on its own timer, up to a tick after the alert's
      // (CI once checked between the two): it too is enabled once its next tick has read the moved clock.
      await waitFor(
        () =>
          expect((screen.getByRole("button", { name: "Send the link again" }) as HTMLButtonElement).disabled).toBe(
            false,
          ),
        { timeout: 10_000 },
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("disables the button and says so while signing in", async () => {
    await withLocale("en");
    let release!: () => void;
    const { user } = setup(() => new Promise<void>((r) => (release = r)));
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "right");
    fireEvent.submit(screen.getByRole("form", { name: "Sign in with email" }));
    const busy = await screen.findByRole("button", { name: "Signing in…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
  });
});
