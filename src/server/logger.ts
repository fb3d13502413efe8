import { pino } from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs; token-bearing fields are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ["token", "*.token", "url", "*.url", "password", "*.password", "headers.cookie", "*.headers.cookie"],
      censor: "[redacted]",
    },
  });
}

/**
 * One line per answered request. The path only: query strings can carry tokens. SPEC §9: the
 * reset token travels in the path, so it is masked.
 */
export function logRequest(logger: Logger, method: string, path: string, status: number, started: number) {
  if (!logger.isLevelEnabled("info")) return;
  const shown = path.replace(/(\/reset-password\/)[^/]+/, "$1[redacted]");
  logger.info({ method, path: shown, status, ms: Math.round(performance.now() - started) }, "request");
}
