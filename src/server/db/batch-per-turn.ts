/**
 * Look-ups asked in the same turn of the event loop, answered by one call with all their keys (each key
 * once). Under load most of a PostgreSQL look-up's cost is the round trip and its system calls, not the
 * index probe; one statement also reads one snapshot for all. (Holding look-ups back while a call is out
 * made bigger batches but slower answers: the HTTP side then idles between them.) `lookUp` returns how to
 * answer each key; if it fails, or answering a key throws, every look-up not yet answered gets that error.
 */
export function batchPerTurn<T>(lookUp: (keys: string[]) => Promise<(key: string) => T>): (key: string) => Promise<T> {
  let pending: { key: string; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    try {
      const answer = await lookUp([...new Set(batch.map((b) => b.key))]);
      for (const b of batch) b.resolve(answer(b.key));
    } catch (error) {
      for (const b of batch) b.reject(error);
    }
  };
  return (key) =>
    new Promise((resolve, reject) => {
      if (!pending.length) setImmediate(flush);
      pending.push({ key, resolve, reject });
    });
}
