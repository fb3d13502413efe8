import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SectionResult } from "./context.js";

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  machine: { node: string; cpus: number; cpu: string; loadBefore: number[]; loadAfter: number[] };
  settings: { seconds: number; runs: number; warmup: number; connections: number };
  sections: SectionResult[];
  errors: string[];
}

/** Writes bench/results/<stamp>.json and .md; returns their paths. */
export function writeReport(dir: string, stamp: string, report: BenchReport): string[] {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, `${stamp}.json`);
  const md = join(dir, `${stamp}.md`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(md, toMarkdown(report));
  return [json, md];
}

function table(rows: SectionResult["rows"]): string {
  if (!rows.length) return "_no figures_\n";
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) =>
    v === null || v === undefined || Number.isNaN(v) ? "–" : String(v).replace(/\|/g, "\\|");
  return [
    `| ${columns.join(" | ")} |`,
    `|${columns.map(() => " --- ").join("|")}|`,
    ...rows.map((r) => `| ${columns.map((c) => cell(r[c])).join(" | ")} |`),
  ].join("\n");
}

function toMarkdown(r: BenchReport): string {
  const out = [
    `# Tessera bench ${r.startedAt}${r.quick ? " (--quick: indicative only)" : ""}`,
    "",
    `Node ${r.machine.node}, ${r.machine.cpus} × ${r.machine.cpu}; load average before ${r.machine.loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${r.machine.loadAfter.map((l) => l.toFixed(2)).join(" ")}.`,
    `Each figure is the median of ${r.settings.runs} run(s) of ${r.settings.seconds} s (${r.settings.connections} connections unless said), after ${r.settings.warmup} s of warm-up. See bench/README.md.`,
    "",
    "## Targets",
    "",
    table(
      r.sections.flatMap((s) =>
        s.targets.map((t) => ({
          target: t.name,
          value: `${t.value} ${t.unit}`,
          wanted: t.target,
          met: t.met ? "yes" : "**no**",
        })),
      ),
    ),
  ];
  for (const s of r.sections) {
    out.push("", `## ${s.title}`, "", table(s.rows));
    if (s.notes.length) out.push("", ...s.notes.map((n) => `- ${n}`));
  }
  if (r.errors.length) out.push("", "## Errors", "", ...r.errors.map((e) => `- ${e}`));
  return `${out.join("\n")}\n`;
}
