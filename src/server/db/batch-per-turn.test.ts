import { describe, expect, it } from "vitest";
import { batchPerTurn } from "./batch-per-turn.js";

describe("batchPerTurn", () => {
  it("answers the look-ups of one turn with one call, each key once, and starts a new call next turn", async () => {
    const calls: string[][] = [];
    const lookUp = batchPerTurn(async (keys) => {
      calls.push(keys);
      return (key) => `${key}!`;
    });
    expect(await Promise.all([lookUp("a"), lookUp("b"), lookUp("a")])).toEqual(["a!", "b!", "a!"]);
    expect(await lookUp("c")).toBe("c!");
    expect(calls).toEqual([["a", "b"], ["c"]]);
  });

  it("gives every look-up of a failed call its error, and the next turn starts afresh", async () => {
    let fail = true;
    const lookUp = batchPerTurn(async (keys) => {
      if (fail) throw new Error(`down for ${keys.join(",")}`);
      return (key) => key.length;
    });
    const failed = await Promise.allSettled([lookUp("x"), lookUp("yy")]);
    expect(failed.map((r) => (r.status === "rejected" ? (r.reason as Error).message : r.value))).toEqual([
      "down for x,yy",
      "down for x,yy",
    ]);
    fail = false;
    expect(await lookUp("zzz")).toBe(3);
  });

  it("refuses the look-ups left when answering one key throws, keeping those already answered", async () => {
    const lookUp = batchPerTurn(async () => (key) => {
      if (key === "bad") throw new Error("cannot decode bad");
      return key;
    });
    const results = await Promise.allSettled([lookUp("good"), lookUp("bad"), lookUp("after")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
  });
});
