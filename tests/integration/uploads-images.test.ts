import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadStore } from "../../src/server/routes/uploads/store.js";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** The first bytes of a WebP file (RIFF....WEBPVP8 ): what the browser's canvas produces. */
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(24),
]);

/** POST /api/uploads with raw bytes, the client's cookies and Origin. */
async function upload(
  server: TestServer,
  client: TestClient | undefined,
  body: Uint8Array,
  type: string,
  headers = {},
) {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  const res = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": type, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    // A copy in a Blob: fetch takes any bytes that way, whatever buffer the Uint8Array views.
    body: new Blob([new Uint8Array(body)]),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe.each(databaseKinds)("avatar and logo uploads on %s", (kind) => {
  let server: TestServer;
  let person: Awaited<ReturnType<TestServer["signUp"]>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    person = await server.signUp("uploader@example.com");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("stores a PNG and serves the same bytes with a strict type and a year of caching", async () => {
    const res = await upload(server, person.client, PNG, "image/png");
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body.url).toBe(`${server.url}/api/uploads/${res.body.id}`);

    const got = await fetch(res.body.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-security-policy")).toContain("sandbox");
    const etag = got.headers.get("etag")!;
    const again = await fetch(res.body.url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("becomes the user's picture through update-user", async () => {
    const { body } = await upload(server, person.client, WEBP, "image/webp");
    expect((await person.client.post("/api/auth/update-user", { image: body.url })).status).toBe(200);
    const session = await person.client.get("/api/auth/get-session");
    expect(session.body.user.image).toBe(body.url);
    expect((await fetch(body.url)).headers.get("content-type")).toBe("image/webp");
  });

  it("refuses an image over 100 KB with 413", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(100 * 1024)]);
    const res = await upload(server, person.client, big, "image/png");
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The image is larger than 100 KB" });
  });

  it("refuses other types with 415, judging the bytes and not only the header", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const type of ["image/svg+xml", "text/html", "application/octet-stream", "image/gif"]) {
      const res = await upload(server, person.client, svg, type);
      expect(res.status, type).toBe(415);
      expect(res.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    const disguised = await upload(server, person.client, svg, "image/png");
    expect(disguised.status).toBe(415);
    expect(disguised.body).toEqual({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "The file is not a valid image/png image",
    });
    const empty = await upload(server, person.client, new Uint8Array(), "image/png");
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("VALIDATION_ERROR");
  });

  it("needs a signed-in user and a trusted origin", async () => {
    const anonymous = await upload(server, undefined, PNG, "image/png");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ code: "UNAUTHORIZED", message: "Not authenticated" });
    const foreign = await upload(server, person.client, PNG, "image/png", { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("INVALID_ORIGIN");
  });

  it("answers an unknown or malformed id with a 404 in JSON", async () => {
    for (const id of ["A".repeat(32), "x", "..%2F..%2Fetc"]) {
      const res = await fetch(`${server.url}/api/uploads/${id}`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "Not found" });
    }
  });

  it("prunes images nobody uses any more, keeping pictures and logos in use", async () => {
    const owner = await server.signUp("pruner@example.com");
    const picture = (await upload(server, owner.client, PNG, "image/png")).body;
    const logo = (await upload(server, owner.client, PNG, "image/png")).body;
    const replaced = (await upload(server, owner.client, PNG, "image/png")).body;
    await owner.client.post("/api/auth/update-user", { image: picture.url });
    const org = await owner.client.post("/api/auth/organization/create", {
      name: "Logo Co",
      slug: "logo-co",
      logo: logo.url,
    });
    expect(org.status, org.text).toBe(200);

    const store = uploadStore(server.running.database);
    await store.prune(Date.now());
    expect(await store.find(replaced.id)).toBeDefined(); // still within the grace period
    await store.prune(Date.now() + 2 * 60 * 60 * 1000);
    expect(await store.find(replaced.id)).toBeUndefined();
    expect(await store.find(picture.id)).toBeDefined();
    expect(await store.find(logo.id)).toBeDefined();
    expect((await fetch(replaced.url)).status).toBe(404);
  });

  it("limits how many images one user stores in an hour", async () => {
    const busy = await server.signUp("busy-uploader@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(server, busy.client, PNG, "image/png")).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    const refused = await upload(server, busy.client, PNG, "image/png");
    expect(refused.body.code).toBe("TOO_MANY_UPLOADS");
    // Someone else is not affected.
    expect((await upload(server, person.client, PNG, "image/png")).status).toBe(201);
  });
});
