import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { compress } from "hono/compress";
import { isAppRoute } from "../shared/app-routes.js";
import { escapeHtml } from "./mail/templates.js";

/**
 * The built web app (webRoot holds Vite's output), after every /api route: its files with long caching and
 * their brotli/gzip copies, and the app's page for every other GET. Nothing is served without index.html.
 */
export function serveWebApp(app: Hono<{ Variables: { requestId: string } }>, webRoot: string) {
  if (!existsSync(join(webRoot, "index.html"))) return;
  const indexHtml = readFileSync(join(webRoot, "index.html"), "utf8");
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The app's JS and CSS are text: the build's brotli/gzip copies where the browser accepts them
  // (vite.config.ts), compressed on the fly otherwise; the sign-in download is about a quarter.
  app.use("/assets/*", compress());
  app.use("*", serveStatic({ root: webRoot, precompressed: true }));
  // Client routes: every other GET gets the app shell.
  // The app's page for every other GET: 200 for its screens, 404 for any other path (the app then
  // shows its not-found screen), so a mistyped address is a 404 for browsers, crawlers and monitors.
  // A 404 names its request id, which the app's not-found screen shows (src/web/app/routes/not-found.tsx).
  const withRequestIdMeta = (id: string) =>
    indexHtml.replace("</head>", `<meta name="tessera-request-id" content="${escapeHtml(id)}" />\n</head>`);
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    if (isAppRoute(c.req.path)) return c.html(indexHtml, 200);
    return c.html(withRequestIdMeta(c.get("requestId")), 404);
  });
}
