/**
 * The longest text Tessera stores per field, in characters (code points); longer is refused with
 * 400 FIELD_TOO_LONG. Names and slugs come back in every session, list and invitation mail, so a
 * megabyte name would travel with each of them. README "Limits" states these numbers.
 *
 * See also: where they are checked on the engine's calls (src/server/auth/input-rules.ts); the 1 MB limit
 * on any request body (src/server/routes/body-limit.ts).
 */
export const TEXT_LIMITS = {
  user: { name: 200, email: 254, image: 2048, banReason: 500 },
  organization: { name: 200, slug: 100, logo: 2048 },
  team: { name: 200 },
  invitation: { email: 254 },
} as const satisfies Record<string, Record<string, number>>;

/** Organization metadata (a record, stored as JSON text): at most this many characters as JSON. */
export const METADATA_LIMIT = 8192;
