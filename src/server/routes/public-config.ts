import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { PublicConfig } from "../../shared/public-config.js";
import { publicProviders } from "../auth/social-providers.js";
import type { Config } from "../config.js";

// Short enough that a changed provider list shows within a minute of a restart.
const CACHE_CONTROL = "public, max-age=60";

function publicConfig(config: Config): PublicConfig {
  return {
    providers: publicProviders(config),
    passwordPolicy: { minLength: config.password.min, maxLength: config.password.max },
    requireEmailVerification: config.requireEmailVerification,
    organizationCreators: config.organization.creators,
  };
}

/** GET /api/public-config: built once (config never changes while running), revalidated by ETag. */
export function publicConfigRoute(config: Config) {
  const body = JSON.stringify(publicConfig(config));
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return (c: Context) => {
    c.header("Cache-Control", CACHE_CONTROL);
    c.header("ETag", etag);
    if (matches(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
    c.header("Content-Type", "application/json; charset=utf-8");
    return c.body(body, 200);
  };
}

/** RFC 9110 §13.1.2: a list of tags or "*", weak tags compared weakly. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}
