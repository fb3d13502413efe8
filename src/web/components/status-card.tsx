import { CircleAlert, CircleCheck, Info, MailCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/cn.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./ui/card.js";

const tones = {
  success: { icon: CircleCheck, className: "text-success" },
  error: { icon: CircleAlert, className: "text-destructive" },
  warning: { icon: TriangleAlert, className: "text-destructive" },
  info: { icon: Info, className: "text-muted-foreground" },
  mail: { icon: MailCheck, className: "text-foreground" },
} as const;

/** A result screen: an icon for the outcome, the heading, what happened, and what to do next. */
export function StatusCard({
  tone,
  title,
  description,
  children,
  actions,
}: {
  tone: keyof typeof tones;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { icon: Icon, className } = tones[tone];
  return (
    <Card data-status={tone}>
      <CardHeader className="items-center text-center">
        <Icon className={cn("mb-2 size-10", className)} aria-hidden="true" />
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription large>{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className="grid gap-4">{children}</CardContent>}
      {actions && (
        <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center sm:justify-center">
          {actions}
        </CardFooter>
      )}
    </Card>
  );
}
