import type { DatabaseKind } from "../../helpers/databases.js";
import { startTestServer, type TestServerOptions } from "../../helpers/server.js";

/** The real server serving the built web app (dist/web), with its own SQLite database and SMTP catcher. */
export function startAppServer(options: TestServerOptions = {}, kind: DatabaseKind = "sqlite") {
  return startTestServer(kind, { webRoot: "dist/web", ...options });
}

/** The first link in a caught mail whose path starts with `pathPrefix`. */
export function linkIn(mail: { links: string[] }, pathPrefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in mail: ${mail.links.join(", ")}`);
  return link;
}
