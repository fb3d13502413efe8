import { CircleAlert, CircleCheck, Loader2 } from "lucide-react";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import type { SlugStatus } from "../hooks/use-slug-availability.js";

/** The organization's address, with the live answer to "is it free?" announced politely. */
export function SlugField({
  value,
  status,
  error,
  disabled,
  onChange,
  inputRef,
}: {
  value: string;
  status: SlugStatus;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  inputRef?: (el: HTMLInputElement | null) => void;
}) {
  const { t } = useOrgTranslation();
  const shown = error
    ? null
    : status === "checking"
      ? {
          icon: <Loader2 className="size-4 animate-spin" aria-hidden="true" />,
          text: t("slug.checking"),
          tone: "text-muted-foreground",
        }
      : status === "available"
        ? {
            icon: <CircleCheck className="size-4" aria-hidden="true" />,
            text: t("slug.available", { slug: value }),
            tone: "text-success",
          }
        : status === "taken"
          ? {
              icon: <CircleAlert className="size-4" aria-hidden="true" />,
              text: t("slug.taken", { slug: value }),
              tone: "text-destructive",
            }
          : status === "error"
            ? {
                icon: <CircleAlert className="size-4" aria-hidden="true" />,
                text: t("slug.checkFailed"),
                tone: "text-muted-foreground",
              }
            : null;
  return (
    <FormField
      label={t("fields.slug")}
      error={error}
      hint={
        <div className="grid gap-1">
          <span>{t("slug.hint")}</span>
          <span role="status" className={`inline-flex items-center gap-1 ${shown?.tone ?? ""}`}>
            {shown?.icon}
            {shown?.text}
          </span>
        </div>
      }
    >
      {(control) => (
        <Input
          {...control}
          ref={inputRef}
          value={value}
          maxLength={TEXT_LIMITS.organization.slug}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error || status === "taken" ? true : undefined}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
        />
      )}
    </FormField>
  );
}
