import type { ComponentProps } from "react";
import { cn } from "@/lib/cn.js";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor.
    <label className={cn("text-sm font-medium leading-none peer-disabled:opacity-60", className)} {...props} />
  );
}
