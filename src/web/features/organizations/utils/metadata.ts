/** One row of the metadata editor. */
export interface MetadataEntry {
  key: string;
  value: string;
}

/** docs/behaviour.md#data: organization metadata is a record; the editor shows it as key/value rows of text. */
export function toEntries(metadata: unknown): MetadataEntry[] {
  let record = metadata;
  if (typeof record === "string") {
    try {
      record = JSON.parse(record);
    } catch {
      return [];
    }
  }
  if (!record || typeof record !== "object" || Array.isArray(record)) return [];
  return Object.entries(record as Record<string, unknown>).map(([key, value]) => ({
    key,
    value: typeof value === "string" ? value : JSON.stringify(value),
  }));
}

/** The rows as a record; rows with no key and no value are left out. */
export function toRecord(entries: MetadataEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of entries) if (key.trim() || value.trim()) out[key.trim()] = value;
  return out;
}

export type EntryProblem = "keyRequired" | "duplicate";

/** Per row: a value needs a key, and keys are unique. */
export function entryProblems(entries: MetadataEntry[]): (EntryProblem | undefined)[] {
  const seen = new Set<string>();
  return entries.map(({ key, value }) => {
    const k = key.trim();
    if (!k) return value.trim() ? "keyRequired" : undefined;
    if (seen.has(k)) return "duplicate";
    seen.add(k);
    return undefined;
  });
}
