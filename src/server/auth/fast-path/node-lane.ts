import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { type Logger, logRequest } from "../../logger.js";
import type { NodeLaneMetrics } from "../../metrics.js";
import { REQUEST_ID_HEADER, requestIdFrom } from "../../request-context.js";
import { mayCarryApiKey } from "../api-keys.js";
import { type Answer, JSON_HEADERS, type SessionFastPath } from "../session-fast-path.js";

const DECLINED = Symbol("tessera.session-fast-path.node-lane.declined");

/** True when the Node lane already asked the session fast path about this request and it chose the engine. */
export const declinedByNodeLane = (incoming: unknown): boolean =>
  (incoming as { [DECLINED]?: boolean } | undefined)?.[DECLINED] === true;

export interface NodeLaneOptions {
  sessionFastPath: SessionFastPath;
  /** The engine's get-session path, e.g. /api/auth/get-session. */
  path: string;
  /** What the app's middleware adds to every answer (security headers). */
  headers: readonly (readonly [string, string])[];
  logger: Logger;
  /** Answered and handed-over counts and the request metrics of what the Node lane answers (metrics.ts). */
  metrics?: NodeLaneMetrics;
}

/**
 * The session fast path's Node lane: GET /get-session answered on Node's request listener, before
 * the request reaches Hono: no Request, Response or Headers objects, no middleware chain, one
 * writeHead. On a two-core machine those wrappers cost as much as the session check itself
 * (bench/README.md). The answer is byte for byte what the Hono route gives (fast-path-http.test.ts
 * compares them over HTTP): the same body, the engine's headers plus the app's security headers and
 * request id, and the same request log line and metrics. Anything else, or any doubt, goes to
 * `listener` (the Hono app) unchanged.
 */
export function withNodeLane(listener: RequestListener, options: NodeLaneOptions): RequestListener {
  const { sessionFastPath, path, logger } = options;
  const metrics = options.metrics;
  const base: OutgoingHttpHeaders = { ...JSON_HEADERS };
  for (const [name, value] of options.headers) base[name] = value;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== path || req.method !== "GET") return listener(req, res);
    const started = performance.now();
    // Node joins repeated Cookie lines with "; ", as @hono/node-server's headers (and so the engine) read them.
    let answer: ReturnType<SessionFastPath["answerGetSession"]>;
    try {
      answer = sessionFastPath.answerGetSession("GET", path, req.headers.cookie ?? null, () =>
        mayCarryApiKey(req.headers),
      );
    } catch {
      return listener(req, res);
    }
    const send = (a: Answer | { kind: "engine" }) => {
      if (a.kind !== "answer") {
        metrics?.handedOver();
        (req as { [DECLINED]?: boolean })[DECLINED] = true;
        return listener(req, res);
      }
      const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
      const headers: OutgoingHttpHeaders = {
        ...base,
        [REQUEST_ID_HEADER]: requestId,
        "content-length": Buffer.byteLength(a.body),
      };
      if (a.cookies.length) headers["set-cookie"] = [...a.cookies];
      res.writeHead(200, headers);
      res.end(a.body);
      logRequest(logger, "GET", path, 200, started, requestId);
      metrics?.answered((performance.now() - started) / 1000);
    };
    if (!(answer instanceof Promise)) return send(answer);
    answer
      .then(send, () => listener(req, res))
      .catch((error) => {
        logger.error({ err: error }, "session fast path: the Node lane failed");
        res.destroy();
      });
  };
}
