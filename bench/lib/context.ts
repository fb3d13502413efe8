/** What every bench section gets: the run's settings and the services it may use. */
export interface BenchContext {
  quick: boolean;
  /** Seconds per measured run, runs per figure (the median is kept), warm-up seconds, load connections. */
  seconds: number;
  runs: number;
  warmup: number;
  connections: number;
  postgresURL?: string;
  redisURL?: string;
  log(message: string): void;
}

export interface Target {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
}

export interface SectionResult {
  title: string;
  /** Table rows, in order; each a flat record of printable values. */
  rows: Record<string, string | number | boolean | null>[];
  targets: Target[];
  notes: string[];
}
