import type { SocialProviders } from "better-auth/social-providers";
import type { Config } from "../config.js";

/** The engine's socialProviders option from the configured credentials. */
export function engineSocialProviders(config: Config): SocialProviders {
  const out: Record<string, unknown> = {};
  for (const [id, creds] of Object.entries(config.socialProviders)) {
    if (!creds) continue;
    // TikTok calls its client id a "client key".
    out[id] = id === "tiktok" ? { clientKey: creds.clientId, clientSecret: creds.clientSecret } : { ...creds };
  }
  return out as SocialProviders;
}
