import { Hono, type MiddlewareHandler } from "hono";
import type { UploadedImage } from "../../../shared/uploads.js";
import type { SessionVariables } from "../../auth/session-fast-path.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/database.js";
import { fail } from "../../errors.js";
import { trustedOrigin } from "../account/trusted-origin.js";
import { EXTENSIONS, IMAGE_TYPES, isImageType, MAX_IMAGE_BYTES, sniffImageType } from "./image-types.js";
import { uploadPath, uploadStore } from "./store.js";

interface Deps {
  database: Pick<Database, "db" | "dialect">;
  config: Pick<Config, "trustedOrigins" | "baseURL">;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}

/** Uploads per user per hour: room for trying a few crops, not for using the server as free storage. */
const UPLOADS_PER_HOUR = 30;
const ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * POST /api/uploads (an image as the raw body, its type in Content-Type) stores a small picture for
 * a user's avatar or an organization's logo and answers {id, url}; the caller then saves the URL with
 * update-user {image} or organization/update {logo}. GET /api/uploads/:id serves it: public by its
 * unguessable id (other members see avatars and logos), immutable, with a strict content type.
 */
export function uploadRoutes({ database, config, requireSession }: Deps) {
  const store = uploadStore(database);
  const app = new Hono<{ Variables: SessionVariables }>();

  app.post("/", trustedOrigin(config), requireSession, async (c) => {
    const declared = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!isImageType(declared)) return fail(c, "UNSUPPORTED_MEDIA_TYPE", "imageTypes", IMAGE_TYPES.join(", "));
    const length = Number(c.req.header("Content-Length"));
    if (Number.isFinite(length) && length > MAX_IMAGE_BYTES)
      return fail(c, "PAYLOAD_TOO_LARGE", "image", MAX_IMAGE_BYTES / 1024);

    const bytes = await readAtMost(c.req.raw, MAX_IMAGE_BYTES);
    if (bytes === "too-large") return fail(c, "PAYLOAD_TOO_LARGE", "image", MAX_IMAGE_BYTES / 1024);
    if (bytes.byteLength === 0) return fail(c, "VALIDATION_ERROR", "emptyImage");
    // The bytes decide, not the header: a script or SVG labelled image/png is not an image.
    const actual = sniffImageType(bytes);
    if (actual !== declared) {
      return fail(c, "UNSUPPORTED_MEDIA_TYPE", "notImage", declared);
    }

    const userId = c.get("user").id;
    await store.prune();
    if ((await store.countSince(userId, Date.now() - 60 * 60 * 1000)) >= UPLOADS_PER_HOUR) {
      return fail(c, "TOO_MANY_UPLOADS");
    }
    const id = await store.insert(userId, actual, bytes);
    return c.json({ id, url: `${config.baseURL}${uploadPath(id)}` } satisfies UploadedImage, 201);
  });

  app.get("/:id", async (c) => {
    const id = c.req.param("id");
    const upload = ID.test(id) ? await store.find(id) : undefined;
    if (!upload) return fail(c, "NOT_FOUND");
    const etag = `"${upload.id}"`;
    const headers: Record<string, string> = {
      "Content-Type": upload.contentType,
      // An id's bytes never change: browsers and proxies may keep them for a year.
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: etag,
      "Content-Disposition": `inline; filename="${upload.id}.${EXTENSIONS[upload.contentType]}"`,
      // Opened on its own, it is an image and nothing else.
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "cross-origin",
    };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    return c.body(upload.data, 200, { ...headers, "Content-Length": String(upload.data.byteLength) });
  });

  return app;
}

/** The request body, or "too-large" as soon as it passes `limit` bytes (a lying Content-Length included). */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array | "too-large"> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not cancelled: the app's drainUnreadBody reads the rest, so the client gets to read the 413.
      reader.releaseLock();
      return "too-large";
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
