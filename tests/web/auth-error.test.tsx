import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuthError } from "@/features/auth/components/auth-error.js";
import { renderScreen, withLocale } from "./helpers/render.js";

describe("the /error page content", () => {
  it("shows a hostile code as text: no element is created from it", async () => {
    await withLocale("en");
    const hostile = `<img src=x onerror=alert(1)>`;
    const { container } = renderScreen(<AuthError code={hostile} />);
    expect(screen.getByRole("heading", { name: "Authentication error" })).toBeTruthy();
    expect(screen.getByTestId("error-code").textContent).toBe(hostile);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("link", { name: "Return to Application" }).getAttribute("href")).toBe("/");
  });

  it("says Unknown when there is no code, in the UI language", async () => {
    await withLocale("de");
    renderScreen(<AuthError code={null} />);
    expect(screen.getByRole("heading", { name: "Authentifizierungsfehler" })).toBeTruthy();
    expect(screen.getByTestId("error-code").textContent).toBe("Unbekannt");
    expect(screen.getByRole("link", { name: "Zurück zur Anwendung" })).toBeTruthy();
  });

  it("explains a known code in the UI language, and ignores prototype keys", async () => {
    await withLocale("fr");
    renderScreen(<AuthError code="please_restart_the_process" />);
    expect(
      screen.getByText("La connexion a pris trop de temps ou a été interrompue. Veuillez recommencer."),
    ).toBeTruthy();
    await withLocale("en");
    renderScreen(<AuthError code="__proto__" />);
    expect(screen.getAllByTestId("error-code").at(-1)?.textContent).toBe("__proto__");
  });
});
