import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";

// The data folder holds the database (live session tokens, reset links) and the generated secret:
// nothing in it is for other users of the machine (issue 15, item 10).

/** Creates `dir` (and missing parents) for this user only: 0700 whatever the umask. An existing one is left alone. */
export function makePrivateDir(dir: string) {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Creates `file` empty and 0600 unless it exists. SQLite gives a database it creates 0644, and its
 * -wal and -shm files the database file's own mode, so creating the file first keeps all three private.
 */
export function makePrivateFile(file: string) {
  try {
    closeSync(openSync(file, "wx", 0o600));
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** Those of `paths` that exist and that group or others may read, write or enter, with their modes (octal). */
export function looseModes(paths: string[]): { path: string; mode: string }[] {
  const loose = [];
  for (const path of new Set(paths)) {
    if (!existsSync(path)) continue;
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) loose.push({ path, mode: mode.toString(8).padStart(4, "0") });
  }
  return loose;
}
