import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { ImageType } from "./image-types.js";

export interface StoredUpload {
  id: string;
  contentType: ImageType;
  data: Uint8Array<ArrayBuffer>;
  createdAt: number;
}

/** Unreferenced uploads are kept this long, so one made just before update-user or organization/update survives. */
const GRACE_MS = 60 * 60 * 1000;

/** The path an upload is served at; user.image and organization.logo hold the absolute URL ending in it. */
export const uploadPath = (id: string) => `/api/uploads/${id}`;

/** The `upload` table (migration 006_uploads): small images the app serves itself. */
export function uploadStore({ db }: Pick<Database, "db" | "dialect">) {
  return {
    async insert(userId: string, contentType: ImageType, data: Uint8Array): Promise<string> {
      // 32 URL-safe characters, like the engine's ids (docs/behaviour.md#constants): the URL is public, so it must not be guessable.
      const id = randomBytes(24).toString("base64url");
      await db
        .insertInto("upload")
        .values({ id, userId, contentType, size: data.byteLength, data: Buffer.from(data), createdAt: Date.now() })
        .execute();
      return id;
    },

    async find(id: string): Promise<StoredUpload | undefined> {
      const row = await db
        .selectFrom("upload")
        .select(["id", "contentType", "data", "createdAt"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        contentType: row.contentType,
        data: new Uint8Array(row.data),
        createdAt: Number(row.createdAt),
      };
    },

    /** How many images this user stored since `since` (ms). */
    async countSince(userId: string, since: number): Promise<number> {
      const row = await db
        .selectFrom("upload")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("userId", "=", userId)
        .where("createdAt", ">", since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Deletes uploads no user picture or organization logo points at any more (replaced, removed, or
     * their user deleted), once past the grace period.
     */
    async prune(now = Date.now()): Promise<void> {
      // Both dialects: `image like ('%/api/uploads/' || upload.id)`, the pattern typed so PostgreSQL can resolve `||`.
      const suffix = (column: string) =>
        sql<boolean>`${sql.ref(column)} like (cast(${`%${uploadPath("")}`} as text) || ${sql.ref("upload.id")})`;
      await db
        .deleteFrom("upload")
        .where("createdAt", "<", now - GRACE_MS)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("user").select(sql.lit(1).as("one")).where(suffix("user.image")))),
        )
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("organization").select(sql.lit(1).as("one")).where(suffix("organization.logo")))),
        )
        .execute();
    },
  };
}
