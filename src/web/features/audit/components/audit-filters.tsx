import { Filter, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button.js";
import { Input } from "../../../components/ui/input.js";
import { Label } from "../../../components/ui/label.js";
import { NativeSelect } from "../../../components/ui/native-select.js";
import type { AuditFilters } from "../api/audit.js";
import { EMPTY_AUDIT_FILTERS } from "../hooks/use-audit-search-params.js";
import { useAuditTranslation } from "../hooks/use-audit-translation.js";
import { ACTION_GROUPS, actionLabel } from "../lib/labels.js";

type Draft = Omit<AuditFilters, "page">;

/** Who, what and when; applied together with "Apply", so a half-typed date never runs a search. */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: Partial<AuditFilters>) => void;
}) {
  const { t, i18n } = useAuditTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(filters);
  const [rangeError, setRangeError] = useState(false);
  const { actor, action, from, to } = filters;

  // The URL changed under us (back button, "clear"): show what it says.
  useEffect(() => setDraft({ actor, action, from, to }), [actor, action, from, to]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(true);
      document.getElementById(`${id}-to`)?.focus();
      return;
    }
    setRangeError(false);
    onApply({ ...draft, actor: draft.actor.trim() });
  }

  const active = Boolean(actor || action || from || to);
  return (
    <form onSubmit={submit} noValidate aria-label={t("filters.label")} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-actor`}>{t("filters.actor")}</Label>
          <Input
            id={`${id}-actor`}
            value={draft.actor}
            maxLength={320}
            autoComplete="off"
            spellCheck={false}
            placeholder={t("filters.actorPlaceholder")}
            onChange={(e) => set({ actor: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-action`}>{t("filters.action")}</Label>
          <NativeSelect id={`${id}-action`} value={draft.action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">{t("filters.anyAction")}</option>
            {ACTION_GROUPS.map((group) => (
              <optgroup key={group.key} label={t(group.key)}>
                {group.actions.map((a) => (
                  <option key={a} value={a}>
                    {actionLabel(a, t, i18n)}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-from`}>{t("filters.from")}</Label>
          <Input id={`${id}-from`} type="date" value={draft.from} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-to`}>{t("filters.to")}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            aria-invalid={rangeError || undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
            onChange={(e) => {
              set({ to: e.target.value });
              setRangeError(false);
            }}
          />
          {rangeError && (
            <p id={`${id}-range`} className="text-sm font-medium text-destructive">
              {t("filters.rangeInvalid")}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <Filter aria-hidden="true" />
          {t("filters.apply")}
        </Button>
        {active && (
          <Button
            variant="ghost"
            onClick={() => {
              setRangeError(false);
              onApply(EMPTY_AUDIT_FILTERS);
            }}
          >
            <X aria-hidden="true" />
            {t("filters.clear")}
          </Button>
        )}
      </div>
    </form>
  );
}
