// @vitest-environment jsdom
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DevMailboxPage } from "../../src/web/features/dev-mailbox/components/dev-mailbox-page.js";
import { TestClient } from "../helpers/client.js";
import { freePort } from "../helpers/ports.js";
import { serverEnv } from "../helpers/server.js";
import { serverMainArgs } from "../helpers/server-bundle.js";
import { untilServing } from "../helpers/server-process.js";

// The page talks to a real server over HTTP. jsdom has no fetch of its own, so Node's fetch is
// given the page's origin for the relative URLs a browser would resolve.
const nodeFetch = globalThis.fetch;
let origin = "";
globalThis.fetch = (input, init) =>
  nodeFetch(typeof input === "string" ? new URL(input, origin) : input, init) as ReturnType<typeof fetch>;

/**
 * The server runs as its own process (`node src/server/main.ts`, as `npm start` runs it): the
 * engine's crypto does not work inside jsdom's globals, and the page should meet a real server.
 */
async function startServerProcess(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-page-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverMainArgs(), {
    env: serverEnv(
      { port, dataDir, databaseURL: `file:${join(dataDir, "page.db")}` },
      { PATH: process.env.PATH ?? "", NODE_ENV: "development", LOG_LEVEL: "warn", ...env },
    ),
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Its stderr goes to the test's own output.
  await untilServing(url, child, () => "");
  return {
    url,
    client: () => new TestClient(url),
    async close() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

function openPage(path = "/dev/mailbox") {
  const router = createMemoryRouter([{ path: "/dev/mailbox", element: createElement(DevMailboxPage) }], {
    initialEntries: [path],
  });
  render(createElement(RouterProvider, { router }));
  return router;
}

describe("the dev mailbox page", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({});
    origin = server.url;
    for (const [email, name] of [
      ["first@example.com", "First"],
      ["second@example.com", "<img src=x onerror=alert(1)>"],
    ]) {
      const res = await server
        .client()
        .post("/api/auth/sign-up/email", { email, password: "correct horse battery", name });
      expect(res.status).toBe(200);
    }
  });
  afterEach(cleanup);
  afterAll(() => server?.close());

  it("lists the mail, opens one as HTML in a sandboxed frame and as text with working links", async () => {
    const router = openPage();
    expect(await screen.findByRole("heading", { level: 1, name: /dev mailbox/i })).toBeTruthy();
    // Issue 22 item 12: a way back to the app.
    expect(screen.getByRole("link", { name: "Back to Tessera" }).getAttribute("href")).toBe("/");
    const list = await screen.findByRole("list", { name: "Messages" });
    const items = within(list).getAllByRole("button");
    // Newest first.
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining("second@example.com"),
      expect.stringContaining("first@example.com"),
    ]);
    expect(screen.getByText("Choose a message to read it.")).toBeTruthy();

    fireEvent.click(items[1]!);
    const article = await screen.findByRole("article");
    expect(within(article).getByRole("heading", { level: 2 }).textContent).toBe(
      "Verify your e-mail address for Tessera",
    );
    expect(items[1]!.getAttribute("aria-current")).toBe("true");
    expect(router.state.location.search).toMatch(/^\?id=[0-9a-f]{32}$/);

    const frame = within(article).getByTitle(/HTML of/) as HTMLIFrameElement;
    expect(frame.getAttribute("sandbox")).toBe("allow-popups allow-popups-to-escape-sandbox");
    expect(frame.getAttribute("srcdoc")).toContain('<base target="_blank">');
    expect(frame.getAttribute("srcdoc")).toContain("Hello First,");

    fireEvent.click(within(article).getByRole("tab", { name: "Plain text" }));
    const link = within(article).getByRole("link", { name: /\/verify-email\?token=/ }) as HTMLAnchorElement;
    expect(link.href.startsWith(`${server.url}/verify-email?token=`)).toBe(true);
    expect(link.target).toBe("_blank");
    // The link in the page is the one that verifies the account.
    const client = server.client();
    const target = new URL(link.href);
    expect((await client.get(`/api/auth${target.pathname}${target.search}`)).status).toBeLessThan(400);
    expect((await client.get("/api/auth/get-session")).body.user.email).toBe("first@example.com");
  });

  it("opens the message named by ?id= and moves through the list with the arrow keys", async () => {
    const [newest, older] = (await server.client().get("/api/dev/mailbox")).body.messages as { id: string }[];
    openPage(`/dev/mailbox?id=${older!.id}`);
    const article = await screen.findByRole("article");
    expect(within(article).getByText("first@example.com")).toBeTruthy();

    const list = screen.getByRole("list", { name: "Messages" });
    const [top, bottom] = within(list).getAllByRole("button");
    bottom!.focus();
    fireEvent.keyDown(bottom!, { key: "ArrowUp" });
    await waitFor(() => expect(document.activeElement).toBe(top));
    const shown = await screen.findByRole("article");
    expect(within(shown).getByText("second@example.com")).toBeTruthy();
    // A hostile name is text in the frame's document, never markup.
    const srcdoc =
      within(shown)
        .getByTitle(/HTML of/)
        .getAttribute("srcdoc") ?? "";
    expect(srcdoc).not.toContain("<img");
    expect(srcdoc).toContain("&#60;img src=x onerror=alert(1)&#62;");
    expect(newest).toBeDefined();
  });
});

describe("the dev mailbox page when SMTP is configured", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // Mail really goes out (to a port nobody listens on): no dev mailbox.
    server = await startServerProcess({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    origin = server.url;
  });
  afterEach(cleanup);
  afterAll(() => server?.close());

  it("says the mailbox is off", async () => {
    openPage();
    expect(await screen.findByText("The dev mailbox is off")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Messages" })).toBeNull();
  });
});
