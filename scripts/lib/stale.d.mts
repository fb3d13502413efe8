/** The newest modification time under `path` (a file, or a folder and everything in it), 0 if it does not exist. */
export function newestMtime(path: string): number;
/** Whether `output` is missing or older than any of `sources` (files or folders). */
export function stale(output: string, sources: readonly string[]): boolean;
