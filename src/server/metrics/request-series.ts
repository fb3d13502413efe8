/**
 * The per-request metrics, counted in plain objects bound once per route group and turned into prom-client
 * metrics only when scraped: prom-client's labelled inc/observe hash their labels on every call (about 1 µs
 * each), a sizeable share of a fast-path session check's ~35 µs.
 */

/** Seconds: from a fast-path session check (well under a millisecond) to a slow sign-in. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One route group's requests: counts by status, and the latency histogram. */
class Series {
  readonly statuses = new Map<number, number>();
  readonly buckets = new Float64Array(DURATION_BUCKETS.length);
  sum = 0;
  count = 0;
  constructor(
    readonly method: string,
    readonly route: string,
  ) {}
  observe(status: number, seconds: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.sum += seconds;
    this.count++;
    // Counted in the first bucket that holds it; made cumulative when scraped.
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= (DURATION_BUCKETS[i] as number)) {
        (this.buckets[i] as number)++;
        return;
      }
    }
  }
}

/** tessera_http_requests_total and tessera_http_request_duration_seconds, as prom-client metrics when scraped. */
export class RequestSeries {
  private readonly all = new Map<string, Series>();
  series(method: string, route: string): Series {
    const key = `${method} ${route}`;
    let series = this.all.get(key);
    if (!series) {
      series = new Series(method, route);
      this.all.set(key, series);
    }
    return series;
  }
  counter() {
    return customMetric(
      "tessera_http_requests_total",
      "HTTP requests answered, by method, route group and status code.",
      "counter",
      () => {
        const values: MetricValue[] = [];
        for (const s of this.all.values()) {
          for (const [status, n] of s.statuses) {
            values.push({ labels: { method: s.method, route: s.route, status: String(status) }, value: n });
          }
        }
        return values;
      },
    );
  }
  histogram() {
    const name = "tessera_http_request_duration_seconds";
    return customMetric(name, "Time to answer an HTTP request, by method and route group.", "histogram", () => {
      const values: MetricValue[] = [];
      for (const s of this.all.values()) {
        const labels = { method: s.method, route: s.route };
        let cumulative = 0;
        for (let i = 0; i < DURATION_BUCKETS.length; i++) {
          cumulative += s.buckets[i] as number;
          values.push({
            metricName: `${name}_bucket`,
            labels: { le: DURATION_BUCKETS[i] as number, ...labels },
            value: cumulative,
          });
        }
        values.push({ metricName: `${name}_bucket`, labels: { le: "+Inf", ...labels }, value: s.count });
        values.push({ metricName: `${name}_sum`, labels, value: s.sum });
        values.push({ metricName: `${name}_count`, labels, value: s.count });
      }
      return values;
    });
  }
}

interface MetricValue {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** A metric prom-client's registry prints (registerMetric): its values are read when scraped. */
export function customMetric(name: string, help: string, type: "counter" | "histogram", values: () => MetricValue[]) {
  return { name, help, type, get: async () => ({ name, help, type, values: values() }) };
}
