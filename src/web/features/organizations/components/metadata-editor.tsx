import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button.js";
import { Input } from "@/components/ui/input.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { entryProblems, type MetadataEntry } from "../utils/metadata.js";

/** Organization metadata (docs/behaviour.md#data: a record) as rows of key and value; add and remove rows. */
export function MetadataEditor({
  entries,
  onChange,
  disabled,
  showErrors,
}: {
  entries: MetadataEntry[];
  onChange: (entries: MetadataEntry[]) => void;
  disabled?: boolean;
  showErrors: boolean;
}) {
  const { t } = useOrgTranslation();
  const problems = entryProblems(entries);
  const set = (i: number, patch: Partial<MetadataEntry>) =>
    onChange(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{t("metadata.legend")}</legend>
      <p className="text-sm text-muted-foreground">{t("metadata.hint")}</p>
      {entries.length === 0 && <p className="text-sm text-muted-foreground">{t("metadata.empty")}</p>}
      <ul className="grid gap-2">
        {entries.map((entry, i) => {
          const problem = showErrors ? problems[i] : undefined;
          const errorId = `metadata-${i}-error`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position.
            <li key={i} className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                <Input
                  aria-label={t("metadata.key", { n: i + 1 })}
                  placeholder={t("metadata.keyPlaceholder")}
                  value={entry.key}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(e) => set(i, { key: e.target.value })}
                  className="sm:max-w-48"
                />
                <Input
                  aria-label={t("metadata.value", { n: i + 1 })}
                  placeholder={t("metadata.valuePlaceholder")}
                  value={entry.value}
                  onChange={(e) => set(i, { value: e.target.value })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("metadata.remove", { n: i + 1 })}
                  onClick={() => onChange(entries.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              {problem && (
                <p id={errorId} className="text-sm font-medium text-destructive">
                  {t(`metadata.${problem}`)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...entries, { key: "", value: "" }])}>
          <Plus aria-hidden="true" />
          {t("metadata.add")}
        </Button>
      </div>
    </fieldset>
  );
}
