/** parse-prometheus-text-format 1.1.1 ships no types; the shape of its output (prom2json's). */
declare module "parse-prometheus-text-format" {
  export interface Sample {
    labels?: Record<string, string>;
    value?: string;
    /** Histograms: cumulative counts by upper bound ("0.005", …, "+Inf"). */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface MetricFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
