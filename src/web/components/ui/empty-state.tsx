import type { ReactNode } from "react";
import { cn } from "@/lib/cn.js";

interface EmptyStateProps {
  title: ReactNode;
  description: ReactNode;
  /** Above the title, e.g. the feature's icon (aria-hidden). */
  icon?: ReactNode;
  /** For a refusal in place of the screen (not allowed, not found): screen readers announce it. */
  alert?: boolean;
  className?: string;
  /** What to do next: a link or a button below the text. */
  children?: ReactNode;
}

/** A dashed panel where a list or a screen would be: an empty list, or why the screen shows nothing. */
export function EmptyState({ title, description, icon, alert = false, className, children }: EmptyStateProps) {
  return (
    <div
      className={cn("rounded-lg border border-dashed p-8 text-center", className)}
      role={alert ? "alert" : undefined}
    >
      {icon}
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{description}</p>
      {children}
    </div>
  );
}
