/**
 * The repository's folder, for files read at run time (src/web/index.css, dist/web). This module sits two
 * folders deep both as source (src/server/root.ts) and bundled (dist/server/main.js, `npm start`), so the
 * same relative URL finds it from either.
 */
export const ROOT_URL = new URL("../../", import.meta.url);
