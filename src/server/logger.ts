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
