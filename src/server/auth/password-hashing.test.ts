import { execFile } from "node:child_process";
import { scryptSync } from "node:crypto";
import { promisify } from "node:util";
import { hashPassword as engineHash, verifyPassword as engineVerify } from "better-auth/crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createPasswordHashing, threadStat } from "./password-hashing.js";

const niceOfThisThread = () => Number(threadStat("/proc/thread-self/stat")[16]);

describe("password hashing on low-priority threads", () => {
  const mainNiceBefore = process.platform === "linux" ? niceOfThisThread() : 0;
  const pool = createPasswordHashing({ threads: 2 });
  afterAll(() => pool.close());

  it("keeps the engine's hash format both ways", async () => {
    const ours = await pool.hash("correct horse battery");
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await engineVerify({ hash: ours, password: "correct horse battery" })).toBe(true);
    const theirs = await engineHash("correct horse battery");
    expect(await pool.verify({ hash: theirs, password: "correct horse battery" })).toBe(true);
    expect(await pool.verify({ hash: theirs, password: "correct horse batterY" })).toBe(false);
  });

  it("normalises passwords as the engine does (NFKC), and refuses what is not a hash in its words", async () => {
    const theirs = await engineHash("ﬁne café"); // the "ﬁ" ligature and a composed é
    expect(await pool.verify({ hash: theirs, password: "fine cafe\u0301" })).toBe(true);
    await expect(engineVerify({ hash: "no-colon", password: "x" })).rejects.toThrow("Invalid password hash");
    await expect(pool.verify({ hash: "no-colon", password: "x" })).rejects.toThrow("Invalid password hash");
  });

  it("runs at most one hash per thread, and finishes every one asked for at once", async () => {
    const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => pool.hash(`password number ${i}`)));
    expect(new Set(hashes).size).toBe(8);
    expect(await pool.verify({ hash: hashes[5] as string, password: "password number 5" })).toBe(true);
    expect(pool.stats()).toMatchObject({ started: 2, peak: 2 });
  });

  it.runIf(process.platform === "linux")(
    "hashes at nice 10 while the event loop's thread keeps its priority",
    async () => {
      expect(await pool.threadNiceness()).toEqual([10, 10]);
      expect(niceOfThisThread()).toBe(mainNiceBefore);
    },
  );

  it("keeps a process alive while it hashes and lets it end once idle (the CLI needs both)", async () => {
    const script = `import("./src/server/auth/password-hashing.ts").then(async ({ createPasswordHashing }) => {
      const pool = createPasswordHashing({ threads: 1 });
      process.stdout.write((await pool.hash("from a script")).split(":")[1].length + "\\n");
    });`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "-e", script], {
      cwd: process.cwd(),
      timeout: 20_000,
    });
    expect(stdout.trim()).toBe("128");
  });

  it("finishes a hash the machine holds back at normal priority instead, with the same answer", async () => {
    // Every check finds the thread starved, as when other processes leave a nice thread no CPU.
    const impatient = createPasswordHashing({
      threads: 1,
      rescueAfterMs: 1,
      starvedBelowShare: Number.POSITIVE_INFINITY,
    });
    try {
      const theirs = await engineHash("held back");
      const [ours, right, wrong] = await Promise.all([
        impatient.hash("held back"),
        impatient.verify({ hash: theirs, password: "held back" }),
        impatient.verify({ hash: theirs, password: "held Back" }),
      ]);
      expect([right, wrong]).toEqual([true, false]);
      expect(await engineVerify({ hash: ours, password: "held back" })).toBe(true);
      // The thread's own late answers change nothing, and it stays the only one.
      expect(impatient.stats()).toEqual({ started: 1, peak: 1, rescued: 3 });
      expect(await impatient.verify({ hash: ours, password: "held back" })).toBe(true);
    } finally {
      await impatient.close();
    }
  });

  it("makes the test suite's cheaper hashes only where that cost is set, and never lets them count elsewhere", async () => {
    const cheap = createPasswordHashing({ threads: 1, testCost: 1024 });
    const otherCost = createPasswordHashing({ threads: 1, testCost: 2048 });
    try {
      const weak = await cheap.hash("correct horse battery");
      expect(weak).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}:1024$/);
      expect(await cheap.verify({ hash: weak, password: "correct horse battery" })).toBe(true);
      expect(await cheap.verify({ hash: weak, password: "correct horse batterY" })).toBe(false);
      // Checked at the engine's cost everywhere else: the right password does not match.
      expect(await pool.verify({ hash: weak, password: "correct horse battery" })).toBe(false);
      expect(await engineVerify({ hash: weak, password: "correct horse battery" })).toBe(false);
      expect(await otherCost.verify({ hash: weak, password: "correct horse battery" })).toBe(false);
      // The engine's hashes still count at the test cost's instance, at the engine's cost.
      const theirs = await engineHash("correct horse battery");
      expect(await cheap.verify({ hash: theirs, password: "correct horse battery" })).toBe(true);
      // Its threads run at the cost the job names: a cheap hash is a sixteenth of the engine's work.
      const [salt, key] = weak.split(":");
      const expected = scryptSync("correct horse battery", salt as string, 64, { N: 1024, r: 16, p: 1 });
      expect(key).toBe(expected.toString("hex"));
    } finally {
      await Promise.all([cheap.close(), otherCost.close()]);
    }
    for (const testCost of [1000, 1, 16384, 32768]) {
      expect(() => createPasswordHashing({ testCost })).toThrow("testCost must be a power of two from 2 to 8192");
    }
  });

  it("finishes the hashes already asked for when closed, and refuses new ones", async () => {
    const closing = createPasswordHashing({ threads: 1 });
    const asked = [closing.hash("first"), closing.hash("second, still queued")];
    await closing.close();
    expect(await Promise.all(asked)).toHaveLength(2);
    await expect(closing.hash("too late")).rejects.toThrow("closed");
  });
});
