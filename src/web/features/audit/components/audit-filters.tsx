import { Filter, X } from "lucide-react";
import { useEffect, useId } from "react";
import { Button } from "@/components/ui/button.js";
import { Input } from "@/components/ui/input.js";
import { Label } from "@/components/ui/label.js";
import { NativeSelect } from "@/components/ui/native-select.js";
import { useForm } from "@/hooks/use-form.js";
import type { AuditFilters } from "../api/audit.js";
import { EMPTY_AUDIT_FILTERS } from "../hooks/use-audit-search-params.js";
import { useAuditTranslation } from "../hooks/use-audit-translation.js";
import { ACTION_GROUPS, actionLabel } from "../lib/labels.js";

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
  const { actor, action, from, to } = filters;
  // The draft; its one check (the range) runs on "Apply", and its message goes once the end date changes.
  const form = useForm({
    defaults: { actor, action, from, to },
    validate: { to: (v, draft) => (draft.from && v && draft.from > v ? t("filters.rangeInvalid") : undefined) },
    revalidate: "submit",
  });
  const draft = form.values;
  const rangeError = Boolean(form.errors.to);

  // The URL changed under us (back button, "clear"): show what it says.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL's filters set the draft.
  useEffect(() => {
    form.setValue("actor", actor);
    form.setValue("action", action);
    form.setValue("from", from);
    form.setValue("to", to);
  }, [actor, action, from, to]);

  const submit = form.handleSubmit((values) => onApply({ ...values, actor: values.actor.trim() }));
  const toField = form.field("to");

  const active = Boolean(actor || action || from || to);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t("filters.label")} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-actor`}>{t("filters.actor")}</Label>
          <Input
            id={`${id}-actor`}
            {...form.field("actor")}
            maxLength={320}
            autoComplete="off"
            spellCheck={false}
            placeholder={t("filters.actorPlaceholder")}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-action`}>{t("filters.action")}</Label>
          <NativeSelect id={`${id}-action`} {...form.field("action")}>
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
          <Input id={`${id}-from`} type="date" {...form.field("from")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-to`}>{t("filters.to")}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            {...toField}
            min={draft.from || undefined}
            aria-invalid={rangeError || undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
            onChange={(e) => {
              toField.onChange(e);
              form.reset();
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
              form.reset();
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
