import { describe, expect, it } from "vitest";
import { AnswerStore } from "./kept-answers.js";

const answer = (body: string) => ({ kind: "answer" as const, body });

describe("AnswerStore", () => {
  it("holds at most its bytes of text, letting the oldest answers go first", () => {
    const store = new AnswerStore(100);
    store.set("a", answer("x".repeat(40)));
    store.set("b", answer("y".repeat(40)));
    expect(store.bytes).toBe(82);
    store.set("c", answer("z".repeat(40)));
    expect(store.get("a")).toBeUndefined();
    expect(store.get("b")?.body).toHaveLength(40);
    expect(store.get("c")?.body).toHaveLength(40);
    expect(store.bytes).toBe(82);
  });

  it("replaces an answer under the same key and counts it once", () => {
    const store = new AnswerStore(100);
    store.set("a", answer("x".repeat(40)));
    store.set("a", answer("y".repeat(10)));
    expect(store.get("a")?.body).toBe("y".repeat(10));
    expect(store.bytes).toBe(11);
    store.delete("a");
    expect(store.bytes).toBe(0);
  });

  it("keeps nothing larger than itself", () => {
    const store = new AnswerStore(10);
    store.set("k", answer("x".repeat(10)));
    expect(store.get("k")).toBeUndefined();
    expect(store.bytes).toBe(0);
  });
});
