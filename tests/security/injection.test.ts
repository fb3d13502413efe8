import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../helpers/auth-flows.js";
import { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { createOrganization, invite, makeUser, sessionClient } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { NASTY_STRINGS, wellFormed } from "./fuzz-inputs.js";
import { recordCount, uid } from "./support.js";

// Wherever a name a user chose is shown back (the error page, every mail, the audit CSV), it is
// text: never markup, never a spreadsheet formula.

const SCRIPT_NAME = "<script>alert(1)</script>";
const IMG_ORG = "<img src=x onerror=alert(1)>";
// biome-ignore lint/suspicious/noTemplateCurlyInString: placeholders a template engine might fill, meant literally.
const TEMPLATE_ORG = "{email} {inviter} {{organization}} ${name}";

/** Entities back to characters (the mail and error page escape as &#NN; or &name;). */
function decodeEntities(html: string): string {
  return html
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** RFC 4180 rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("the error page never renders a code as markup (SPEC §2)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(() => server?.close());

  it("any error value comes back as escaped text inside the code element", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 2000)), fc.string({ unit: "binary" })),
        async (code) => {
          runs += 1;
          const res = await server.client().get("/api/auth/error", { error: code });
          expect(res.status).toBe(200);
          const inner = /<code data-testid="error-code">([\s\S]*?)<\/code>/.exec(res.text)?.[1];
          expect(inner).toBeDefined();
          expect(inner).not.toMatch(/[<>"]/);
          const sent = wellFormed(code);
          expect(decodeEntities(inner as string)).toBe(sent.trim() ? sent : "Unknown");
          expect(res.text).not.toContain("<script>alert");
        },
      ),
      { numRuns: 150, seed: 7 },
    );
    recordCount("injection: error-page values", runs);
  });
});

describe.each(databaseKinds)("names in mail and in the audit CSV on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("a user named <script> and an organization named <img onerror> arrive in mail as text", async () => {
    const inviterEmail = `inviter-${uid()}@example.com`;
    const { client: inviter } = await server.signUp(inviterEmail, { name: SCRIPT_NAME });
    const verification = server.mail.messages.find((m) => m.to.includes(inviterEmail));
    expect(verification?.html).toBeTruthy();

    const organization = await createOrganization(inviter, "inj", { name: IMG_ORG });
    const templated = await createOrganization(inviter, "inj-t", { name: TEMPLATE_ORG });
    const invitee = `invitee-${uid()}@example.com`;
    const since = server.mail.messages.length;
    await invite(inviter, organization.id, invitee, "member");
    await invite(inviter, templated.id, `t-${invitee}`, "member");
    const mail = await server.mail.waitFor(invitee, undefined, { since });
    const templatedMail = await server.mail.waitFor(`t-${invitee}`, undefined, { since });

    for (const m of [verification!, mail, templatedMail]) {
      expect(m.html).not.toMatch(/<script/i);
      expect(m.html).not.toMatch(/<img[^>]*onerror/i);
      expect(m.subject).not.toMatch(/[\r\n]/);
    }
    // Shown, as the text the user typed.
    expect(decodeEntities(mail.html)).toContain(IMG_ORG);
    expect(mail.text).toContain(IMG_ORG);
    expect(decodeEntities(verification!.html)).toContain(SCRIPT_NAME);
    // A name is not a template: its braces are not filled in.
    expect(templatedMail.text).toContain(TEMPLATE_ORG);
    expect(decodeEntities(templatedMail.html)).toContain(TEMPLATE_ORG);
  });

  it("the audit CSV turns formulas in e-mail addresses and user agents into text and stays well-formed", async () => {
    const formulas = [
      '=HYPERLINK("https://evil.com","x")',
      "+1+1",
      "-2+3",
      "@SUM(1+1)",
      "\t=1+1",
      "\r=1+1",
      '"quoted",=1,\r\nnext',
    ];
    const emails = [`+cmd-${uid()}@example.com`, `-cmd-${uid()}@example.com`];
    // Failed sign-ins are recorded with the address tried and the browser's User-Agent.
    for (const [i, agent] of formulas.entries()) {
      const client = new TestClient(server.url, server.url, { "User-Agent": agent.replace(/[\r\n]/g, " ") });
      await client.post("/api/auth/sign-in/email", { email: emails[i % emails.length], password: `${PASSWORD}-wrong` });
    }
    const admin = await makeUser(server, `auditor-${uid()}@example.com`, { role: "admin" });
    const { client } = await sessionClient(server, admin.id);
    const res = await client.get("/api/audit", { format: "csv", pageSize: "100" });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = parseCsv(res.text);
    const header = rows[0] ?? [];
    expect(header).toContain("userAgent");
    const width = header.length;
    let checked = 0;
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(width);
      for (const cell of row) {
        checked += 1;
        expect(cell, `cell ${JSON.stringify(cell)}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    const agents = rows.slice(1).map((r) => r[header.indexOf("userAgent")] ?? "");
    expect(agents).toContain(`'=HYPERLINK("https://evil.com","x")`);
    const addresses = rows.slice(1).map((r) => r[header.indexOf("actorEmail")] ?? "");
    expect(addresses).toContain(`'${emails[0]}`);
    recordCount("injection: audit CSV cells checked", checked, kind);
  });
});
