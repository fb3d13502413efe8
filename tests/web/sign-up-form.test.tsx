import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SignUpInput } from "@/features/auth/api/sign-up-with-email.js";
import { SignUpForm } from "@/features/auth/components/sign-up-form.js";
import { ApiError } from "@/lib/api-error.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { renderScreen, withLocale } from "./helpers/render.js";

function setup(
  signUp: (input: SignUpInput) => Promise<{ signedIn: boolean }>,
  policy = { minLength: 10, maxLength: 20 },
) {
  const calls: SignUpInput[] = [];
  const results: { email: string; signedIn: boolean }[] = [];
  const user = userEvent.setup();
  renderScreen(
    <SignUpForm
      policy={policy}
      redirectTo="/"
      onSignedUp={(r) => results.push(r)}
      signUp={(input) => {
        calls.push(input);
        return signUp(input);
      }}
    />,
  );
  return { user, calls, results };
}

describe("sign-up form", () => {
  it("shows the configured length limits and enforces them, with correct plurals", async () => {
    await withLocale("en");
    const { user, calls } = setup(async () => ({ signedIn: false }));
    expect(screen.getByText(/Use 10 to 20 characters/)).toBeTruthy();
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText("Use at least 10 characters.")).toBeTruthy();
    await user.type(screen.getByLabelText("Password"), "-and-much-too-long-now");
    expect(screen.getByText("Use at most 20 characters.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("uses the language's plural rules (Polish: 2 znaki, 5 znaków)", async () => {
    await withLocale("pl");
    const { user } = setup(async () => ({ signedIn: false }), { minLength: 2, maxLength: 5 });
    await user.type(screen.getByLabelText("Hasło"), "x");
    await user.click(screen.getByRole("button", { name: "Załóż konto" }));
    expect(screen.getByText("Hasło musi mieć co najmniej 2 znaki.")).toBeTruthy();
    await user.type(screen.getByLabelText("Hasło"), "xxxxxx");
    expect(screen.getByText("Hasło może mieć najwyżej 5 znaków.")).toBeTruthy();
  });

  it("rates the password as it is typed, and counts the user's own name against it", async () => {
    await withLocale("en");
    const { user } = setup(async () => ({ signedIn: false }), { minLength: 8, maxLength: 128 });
    await user.type(screen.getByLabelText("Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Password"), "lovelace2024");
    expect(screen.getByText(/Strength: (very weak|weak)/)).toBeTruthy();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "Correct-Horse-Battery-9");
    expect(screen.getByText("Strength: strong")).toBeTruthy();
  });

  it("sends the chosen language as its SPEC code; it defaults to the UI language", async () => {
    await withLocale("uk");
    const { user, calls, results } = setup(async () => ({ signedIn: false }), { minLength: 8, maxLength: 128 });
    const language = screen.getByLabelText("Бажана мова") as HTMLSelectElement;
    expect(language.value).toBe("1");
    await user.type(screen.getByLabelText("Ім'я"), "Олена");
    await user.type(screen.getByLabelText("Електронна пошта"), "olena@example.com");
    await user.type(screen.getByLabelText("Пароль"), "довгий пароль тут");
    await user.selectOptions(language, "Türkçe");
    await user.click(screen.getByRole("button", { name: "Створити обліковий запис" }));
    await waitFor(() => expect(results).toEqual([{ email: "olena@example.com", signedIn: false }]));
    expect(calls[0]).toMatchObject({ name: "Олена", email: "olena@example.com", language: 82, callbackURL: "/" });
  });

  it("stops names and addresses at the server's limits (src/shared/input-limits.ts)", async () => {
    await withLocale("en");
    setup(async () => ({ signedIn: false }));
    const name = screen.getByLabelText("Name") as HTMLInputElement;
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(name.maxLength).toBe(TEXT_LIMITS.user.name);
    expect(email.maxLength).toBe(TEXT_LIMITS.user.email);
  });

  it("shows the server's refusal in the UI language", async () => {
    await withLocale("es");
    const { user } = setup(async () => {
      throw new ApiError(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "User already exists. Use another email.");
    });
    await user.type(screen.getByLabelText("Nombre"), "Ada");
    await user.type(screen.getByLabelText("Correo electrónico"), "ada@example.com");
    await user.type(screen.getByLabelText("Contraseña"), "a long enough one");
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }));
    expect((await screen.findByRole("alert")).textContent).toBe("El usuario ya existe. Usa otro correo electrónico.");
  });
});
