import type { ComponentProps } from "react";
import { cn } from "@/lib/cn.js";

/** The platform checkbox, themed: works with form libraries, keyboards and screen readers as-is. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "peer size-4 shrink-0 cursor-pointer rounded-[4px] border-input accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
