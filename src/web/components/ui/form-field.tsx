import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn.js";
import { Label } from "./label.js";

export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A label, a control, an optional hint and an error, wired together for screen readers:
 * the control gets the label, `aria-describedby` pointing at the hint and error, and `aria-invalid`.
 */
export function FormField({
  label,
  hint,
  error,
  labelAside,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Rendered at the end of the label row (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <div id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
