import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import NotFoundRoute from "@/app/routes/not-found.js";
import { renderScreen, withLocale } from "./helpers/render.js";

// The server names a 404's request id in the page (src/server/app.ts); the not-found screen shows it.
function servedWithRequestId(id: string) {
  const meta = document.createElement("meta");
  meta.name = "tessera-request-id";
  meta.content = id;
  document.head.append(meta);
}

// jsdom has no matchMedia; the layout's theme toggle asks it for the system's colour scheme.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name="tessera-request-id"]')) meta.remove();
});

describe("the not-found screen", () => {
  it("shows the request id of the 404 in small print, in the UI language", async () => {
    servedWithRequestId("edge-7f3a:42");
    await withLocale("en");
    renderScreen(<NotFoundRoute />);
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByTestId("request-id").textContent).toBe("Request ID: edge-7f3a:42");
    expect(screen.getByTestId("request-id").className).toContain("text-xs");
    await withLocale("de");
    renderScreen(<NotFoundRoute />);
    expect(screen.getAllByTestId("request-id").at(-1)?.textContent).toBe("Anfrage-ID: edge-7f3a:42");
  });

  it("shows none when the page was not served as a 404 (a client-side route)", async () => {
    await withLocale("en");
    renderScreen(<NotFoundRoute />);
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.queryByTestId("request-id")).toBeNull();
  });
});
