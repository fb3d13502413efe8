// Whether a build output is older than its sources: `npm start` (scripts/start.mjs) and the tests' server
// bundle (tests/helpers/server-bundle.ts) decide with this one function.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The newest modification time under `path` (a file, or a folder and everything in it), 0 if it does not
 * exist. A folder's own time counts: deleting or renaming a file changes it, not any file's.
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Whether `output` is missing or older than any of `sources` (files or folders).
 * @param {string} output
 * @param {readonly string[]} sources
 * @returns {boolean}
 */
export function stale(output, sources) {
  return !existsSync(output) || Math.max(...sources.map(newestMtime)) > statSync(output).mtimeMs;
}
