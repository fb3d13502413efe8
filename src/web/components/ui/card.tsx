import type { ComponentProps } from "react";
import { cn } from "@/lib/cn.js";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return (
    <section
      className={cn("flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 px-6", className)} {...props} />;
}

/** The screen's heading; an h1 by default because each auth screen is one card. */
export function CardTitle({ className, as: Tag = "h1", ...props }: ComponentProps<"h1"> & { as?: "h1" | "h2" }) {
  return <Tag className={cn("text-xl font-semibold leading-tight tracking-tight", className)} {...props} />;
}

export function CardDescription({ className, large = false, ...props }: ComponentProps<"p"> & { large?: boolean }) {
  return <p className={cn(large ? "text-base" : "text-sm", "text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-wrap gap-2 px-6", className)} {...props} />;
}
