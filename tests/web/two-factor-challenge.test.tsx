import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SecondStepCalls, StepInput } from "@/features/two-factor/api/verify.js";
import { TwoFactorCard } from "@/features/two-factor/components/two-factor-card.js";
import { ApiError } from "@/lib/api-error.js";
import { renderScreen, withLocale } from "./helpers/render.js";

type Step = "totp" | "backup" | "otp";

/** The engine's second-step calls, answering as `answer` says; every call is recorded. */
function fakeCalls(answer: (step: Step, input: StepInput) => Promise<unknown> = async () => ({})) {
  const calls: [string, StepInput?][] = [];
  const step = (name: Step) => async (input: StepInput) => {
    calls.push([name, input]);
    return answer(name, input);
  };
  const api = {
    totp: step("totp"),
    backup: step("backup"),
    otp: step("otp"),
    sendCode: async () => {
      calls.push(["sendCode"]);
      return { status: true };
    },
  } as unknown as SecondStepCalls;
  return { api, calls };
}

async function setup(methods: string[], answer?: Parameters<typeof fakeCalls>[0]) {
  await withLocale("en");
  const { api, calls } = fakeCalls(answer);
  let signedIn = 0;
  const user = userEvent.setup();
  renderScreen(<TwoFactorCard redirectTo="/settings" methods={methods} onSignedIn={() => signedIn++} calls={api} />);
  await screen.findByRole("heading", { name: "Two-step verification" });
  return { user, calls, signedIn: () => signedIn };
}

describe("the second step of sign-in", () => {
  it("signs in with the authenticator app's code, trusting the device when asked", async () => {
    const { user, calls, signedIn } = await setup(["totp", "otp"]);
    const code = screen.getByLabelText("Authentication code");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText("Enter the code from your authenticator app.")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(code, "123 456");
    await user.click(screen.getByLabelText("Trust this device for 30 days"));
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(signedIn()).toBe(1));
    expect(calls).toEqual([["totp", { code: "123456", trustDevice: true }]]);
  });

  it("says a wrong code is wrong, clears it, and lets the user try again", async () => {
    const { user, signedIn } = await setup(["totp", "otp"], async () => {
      throw new ApiError(401, "INVALID_CODE", "Invalid code");
    });
    await user.type(screen.getByLabelText("Authentication code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("That code isn't right. Check the code and try again.")).toBeTruthy();
    expect((screen.getByLabelText("Authentication code") as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(screen.getByLabelText("Authentication code"));
    expect(signedIn()).toBe(0);
  });

  it("takes a backup code instead", async () => {
    const { user, calls, signedIn } = await setup(["totp", "otp"]);
    await user.click(screen.getByRole("button", { name: "Use a backup code" }));
    await user.type(screen.getByLabelText("Backup code"), " abcde-12345 ");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(signedIn()).toBe(1));
    expect(calls).toEqual([["backup", { code: "abcde-12345", trustDevice: false }]]);
  });

  it("sends a code by e-mail on request, and offers a new one only after the wait", async () => {
    const { user, calls, signedIn } = await setup(["totp", "otp"]);
    await user.click(screen.getByRole("button", { name: "Send a code by email" }));
    expect(await screen.findByText("We've sent a code to your email address.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Send a new code" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/You can ask for a new code in \d+ seconds?\./)).toBeTruthy();
    await user.type(screen.getByLabelText("Code from the email"), "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(signedIn()).toBe(1));
    expect(calls).toEqual([["sendCode"], ["otp", { code: "654321", trustDevice: false }]]);
  });

  it("without an authenticator app, sends the e-mail code at once (once) and offers no backup code", async () => {
    const { calls } = await setup(["otp"]);
    expect(await screen.findByText("We've sent a code to your email address.")).toBeTruthy();
    expect(screen.getByLabelText("Code from the email")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use a backup code" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Use your authenticator app" })).toBeNull();
    expect(screen.queryByText("Other ways to verify")).toBeNull();
    expect(calls).toEqual([["sendCode"]]);
  });

  it("offers no e-mail code when the server does not", async () => {
    await setup(["totp"]);
    expect(screen.queryByRole("button", { name: "Send a code by email" })).toBeNull();
  });

  it("sends the user back to sign-in when the challenge has expired", async () => {
    const { user } = await setup(["totp", "otp"], async () => {
      throw new ApiError(401, "INVALID_TWO_FACTOR_COOKIE", "Invalid two factor cookie");
    });
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(
      await screen.findByText("Too much time has passed since you entered your password. Sign in again."),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Authentication code")).toBeNull();
    const back = screen.getAllByRole("link", { name: "Back to sign in" });
    expect(back.map((a) => a.getAttribute("href"))).toContain("/sign-in?redirectTo=%2Fsettings");
  });

  it("ends the attempt after too many wrong app codes", async () => {
    const { user } = await setup(["totp", "otp"], async () => {
      throw new ApiError(400, "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", "Too many attempts");
    });
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Too many wrong codes. For your safety, this attempt has ended.")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Back to sign in" }).length).toBe(2);
  });

  it("says when the account is locked", async () => {
    const { user } = await setup(["totp", "otp"], async () => {
      throw new ApiError(429, "ACCOUNT_TEMPORARILY_LOCKED", "Locked");
    });
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(/two-step sign-in to this account is locked for a while/)).toBeTruthy();
  });
});
