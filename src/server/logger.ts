import { pino } from "pino";
import { currentRequestId } from "./request-context.js";

export type Logger = pino.Logger;

/**
 * Structured JSON logs; token-bearing fields are redacted wherever they appear. A line written
 * while a request is handled carries its `requestId` (request-context.ts), whichever logger or
 * child logger (the engine's included) writes it. `destination` (default stdout) is for tests.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    mixin() {
      const requestId = currentRequestId();
      // A new object each time: pino merges the line into it.
      return requestId === undefined ? {} : { requestId };
    },
    redact: {
      paths: ["token", "*.token", "url", "*.url", "password", "*.password", "headers.cookie", "*.headers.cookie"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

type EngineLevel = "debug" | "info" | "warn" | "error";

/**
 * The engine's logger option: its lines go through pino as JSON like every other line (no coloured
 * text between them), at the app's level, tagged `component: "better-auth"`.
 */
export function engineLogger(logger: Logger, disabled: boolean) {
  const level: EngineLevel = logger.isLevelEnabled("debug")
    ? "debug"
    : logger.isLevelEnabled("info")
      ? "info"
      : logger.isLevelEnabled("warn")
        ? "warn"
        : "error";
  const child = logger.child({ component: "better-auth" });
  return {
    disabled,
    level,
    log(at: EngineLevel, message: string, ...args: unknown[]) {
      const err = args.find((a) => a instanceof Error);
      const details = args.filter((a) => a !== err);
      child[at]({ ...(err ? { err } : {}), ...(details.length ? { details } : {}) }, message);
    },
  };
}

/** Built web app files: a request line each only at LOG_LEVEL=debug (they would drown the API's lines). */
const STATIC_ASSET = /^\/(?:assets\/|favicon\.|theme-init\.js$)/;

/**
 * One line per answered request. The path only: query strings can carry tokens. docs/behaviour.md#constants: the
 * reset token travels in the path, so it is masked.
 */
export function logRequest(
  logger: Logger,
  method: string,
  path: string,
  status: number,
  started: number,
  requestId?: string,
) {
  if (!logger.isLevelEnabled(STATIC_ASSET.test(path) ? "debug" : "info")) return;
  const shown = path.replace(/(\/reset-password\/)[^/]+/, "$1[redacted]");
  const line = { requestId, method, path: shown, status, ms: Math.round(performance.now() - started) };
  if (STATIC_ASSET.test(path)) logger.debug(line, "request");
  else logger.info(line, "request");
}
