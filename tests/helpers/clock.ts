import { vi } from "vitest";

/**
 * Moves the clock of this test process (the server under test runs in it) `ms` ahead at once, instead
 * of sleeping where the passing of time is what a test is about (a session older than max_age…). Only
 * `Date` is faked, and it keeps running from there at real speed; timers, I/O and the database's own
 * clock are untouched, so use it for rules the server computes from `Date` alone. Call `realClock()`
 * after the describe block (time then goes back: nothing made meanwhile may be looked at again).
 */
export function skipAhead(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}

export function realClock(): void {
  vi.useRealTimers();
}
