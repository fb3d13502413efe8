import { useEffect, useState } from "react";
import type { PublicConfig, PublicProvider } from "@/shared/public-config.js";
import { fetchPublicConfigBody } from "./api/public-config.js";

/** The server's defaults (DESIGN run contract); used until, or if never, the endpoint answers. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  providers: [],
  passwordPolicy: { minLength: 8, maxLength: 128 },
  requireEmailVerification: true,
  organizationCreators: "everyone",
};

/** Keeps only well-formed parts of the answer, so an older or broken server never breaks the screens. */
export function parsePublicConfig(body: unknown): PublicConfig {
  const b = (body ?? {}) as Partial<Record<keyof PublicConfig, unknown>>;
  const providers = Array.isArray(b.providers)
    ? b.providers.filter(
        (p): p is PublicProvider =>
          !!p && typeof p.id === "string" && p.id !== "" && typeof p.name === "string" && p.name !== "",
      )
    : [];
  const policy = (b.passwordPolicy ?? {}) as { minLength?: unknown; maxLength?: unknown };
  const minLength = positiveInt(policy.minLength) ?? DEFAULT_PUBLIC_CONFIG.passwordPolicy.minLength;
  const maxLength = positiveInt(policy.maxLength) ?? DEFAULT_PUBLIC_CONFIG.passwordPolicy.maxLength;
  return {
    providers: providers.map(({ id, name }) => ({ id, name })),
    passwordPolicy: { minLength, maxLength: Math.max(minLength, maxLength) },
    requireEmailVerification:
      typeof b.requireEmailVerification === "boolean"
        ? b.requireEmailVerification
        : DEFAULT_PUBLIC_CONFIG.requireEmailVerification,
    organizationCreators:
      b.organizationCreators === "everyone" ||
      b.organizationCreators === "admins" ||
      b.organizationCreators === "nobody"
        ? b.organizationCreators
        : DEFAULT_PUBLIC_CONFIG.organizationCreators,
  };
}

function positiveInt(v: unknown): number | undefined {
  return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined;
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  try {
    const body = await fetchPublicConfigBody();
    return body === undefined ? DEFAULT_PUBLIC_CONFIG : parsePublicConfig(body);
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

// Fetched once per page: the config only changes when the server restarts. (No TanStack Query here:
// this runs on the sign-in screen, whose download budget it would spend.)
let loaded: PublicConfig | undefined;
let loading: Promise<PublicConfig> | undefined;

/** Starts (once) and returns the fetch of the public config. */
function loadPublicConfig(): Promise<PublicConfig> {
  loading ??= fetchPublicConfig().then((c) => {
    loaded = c;
    return c;
  });
  return loading;
}

/** The public config; `config` is the defaults while loading or when the server has no such endpoint. */
export function usePublicConfig() {
  const [config, setConfig] = useState(loaded);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadPublicConfig().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return { config: config ?? DEFAULT_PUBLIC_CONFIG, isLoading: config === undefined };
}
