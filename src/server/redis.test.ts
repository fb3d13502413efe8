import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearRedisPrefix, rawRedis, redisURL } from "../../tests/helpers/session-fixtures.js";
import { connectRedis, type RedisConnection, revokedSessionsKey, sessionReaderFor } from "./redis.js";

const token = () => randomBytes(24).toString("base64url").replace(/[-_]/g, "x").slice(0, 32);

describe.skipIf(!redisURL)(`the session reader on Redis${redisURL ? "" : " (SKIPPED: needs TEST_REDIS_URL)"}`, () => {
  const prefix = `tessera-reader-${randomBytes(4).toString("hex")}:`;
  let redis: RedisConnection;
  beforeAll(async () => {
    redis = await connectRedis(redisURL as string, { keyPrefix: prefix, revokedTokenTTL: 60 });
  });
  afterAll(async () => {
    await redis?.close();
    const raw = rawRedis();
    await clearRedisPrefix(raw, prefix);
    raw.disconnect();
  });

  const record = (t: string, userId: string) => JSON.stringify({ session: { token: t, userId }, user: { id: userId } });

  it("reads sessions asked for in one turn with one MGET, each with its own record and its user's mark", async () => {
    const read = sessionReaderFor(redis.storage);
    if (!read) throw new Error("no session reader for our storage");
    const tokens = [token(), token(), token(), token()];
    const users = ["u1", "u2", "u1", "u3"];
    for (const [i, t] of tokens.entries()) await redis.storage.set(t, record(t, users[i] as string), 600);
    await redis.storage.set(revokedSessionsKey("u1"), "12345", 600);
    // The first read of a token finds its user and their mark (one script each); later ones know the user.
    const firstReads = [];
    for (const t of tokens) firstReads.push(await read(t));
    expect(firstReads.map((r) => r.mark)).toEqual([
      { userId: "u1", value: "12345" },
      { userId: "u2", value: null },
      { userId: "u1", value: "12345" },
      { userId: "u3", value: null },
    ]);

    let mgets = 0;
    const mget = redis.sessionReads.mget.bind(redis.sessionReads);
    redis.sessionReads.mget = ((...args: Parameters<typeof mget>) => {
      mgets++;
      return mget(...args);
    }) as typeof mget;
    await redis.storage.delete(tokens[3] as string);
    const missing = token();
    const results = await Promise.all([...tokens, tokens[0] as string].map((t) => read(t)));
    redis.sessionReads.mget = mget;

    expect(mgets).toBe(1);
    expect(results.map((r) => r.value && JSON.parse(r.value).session.token)).toEqual([
      tokens[0],
      tokens[1],
      tokens[2],
      null,
      tokens[0],
    ]);
    expect(results.map((r) => r.mark)).toEqual([
      { userId: "u1", value: "12345" },
      { userId: "u2", value: null },
      { userId: "u1", value: "12345" },
      { userId: "u3", value: null },
      { userId: "u1", value: "12345" },
    ]);
    // A token never stored is read by the script, not guessed.
    expect(await read(missing)).toEqual({ value: null });
  });
});
