import { hashPassword as engineHash, verifyPassword as engineVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { boundedPasswordHashing } from "./password-hashing.js";

describe("bounded password hashing", () => {
  it("keeps the engine's hash format both ways", async () => {
    const bounded = boundedPasswordHashing(2);
    const ours = await bounded.hash("correct horse battery");
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await engineVerify({ hash: ours, password: "correct horse battery" })).toBe(true);
    const theirs = await engineHash("correct horse battery");
    expect(await bounded.verify({ hash: theirs, password: "correct horse battery" })).toBe(true);
    expect(await bounded.verify({ hash: theirs, password: "wrong" })).toBe(false);
  });

  it("never runs more hashes at once than its limit, and finishes them all in order", async () => {
    let running = 0;
    let peak = 0;
    const slow = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return true;
    };
    const bounded = boundedPasswordHashing(2, { hashPassword: async () => String(await slow()), verifyPassword: slow });
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 9 }, (_, i) => bounded.verify({ hash: "h", password: "p" }).then(() => done.push(i))),
    );
    expect(peak).toBe(2);
    expect(done).toHaveLength(9);
    expect(running).toBe(0);
  });
});
