import type { Context } from "hono";
import { fail } from "../errors.js";
import type { Metrics } from "../metrics.js";

/** GET /metrics: 401 without the bearer token (when METRICS_TOKEN is set), else the text format. */
export function metricsRoute(metrics: Metrics) {
  return async (c: Context) => {
    if (!metrics.authorized(c.req.header("authorization"))) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return fail(c, "UNAUTHORIZED", "metricsToken");
    }
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  };
}
