import { availableParallelism } from "node:os";
import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * The engine's own scrypt (node:crypto, libuv thread pool; same hash format), with at most one
 * hash per core at a time. libuv's four threads on a two-core machine otherwise crowd out the
 * event loop during a sign-in storm, and every other request waits behind the hashes.
 */
export function boundedPasswordHashing(limit = availableParallelism(), scrypt = { hashPassword, verifyPassword }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }
  return {
    hash: (password: string) => withSlot(() => scrypt.hashPassword(password)),
    verify: (data: { hash: string; password: string }) => withSlot(() => scrypt.verifyPassword(data)),
  };
}
