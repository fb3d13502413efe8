import { Languages } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/components/ui/native-select.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { cn } from "@/lib/cn.js";
import { isLocale } from "@/lib/i18n.js";
import { LANGUAGES } from "@/shared/languages.js";
import { useChangeLanguage } from "../hooks/use-change-language.js";

/**
 * The UI language, each named in itself. `compact` hides the label visually (headers); the select keeps
 * its accessible name either way.
 */
export function LanguagePicker({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t: appT, i18n } = useTranslation();
  const { change, pending, error } = useChangeLanguage();
  const id = useId();
  return (
    <div className={cn(compact ? "flex items-center gap-2" : "grid gap-2", className)}>
      <label htmlFor={id} className={cn(compact ? "sr-only" : "text-sm font-medium")}>
        {appT("language.label")}
      </label>
      {compact && <Languages className="size-4 text-muted-foreground" aria-hidden="true" />}
      <NativeSelect
        id={id}
        value={i18n.language}
        disabled={pending}
        onChange={(e) => {
          if (isLocale(e.target.value)) change(e.target.value);
        }}
        className={compact ? "w-36" : undefined}
      >
        {LANGUAGES.map((l) => (
          <option key={l.locale} value={l.locale} lang={l.locale}>
            {l.label}
          </option>
        ))}
      </NativeSelect>
      {error ? <SaveFailed error={error} /> : null}
    </div>
  );
}

/** Its own component, so the error messages are asked for only when there is an error (the first-visit budget). */
function SaveFailed({ error }: { error: unknown }) {
  const { t: appT } = useTranslation();
  const describeError = useErrorMessage();
  return (
    <p role="alert" className="text-sm text-destructive">
      {appT("language.saveFailed", { reason: describeError(error) })}
    </p>
  );
}
