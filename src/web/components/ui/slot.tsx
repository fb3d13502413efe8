import { Children, cloneElement, isValidElement, type ReactNode } from "react";
import { cn } from "@/lib/cn.js";

/**
 * Renders its only child with these props merged in (classes joined, handlers and the rest from the
 * child winning): `<Button asChild><Link/></Button>` gives a link the button's look. A few lines in place
 * of @radix-ui/react-slot, which the sign-in screen's budget cannot spare.
 */
export function Slot({
  children,
  className,
  ...props
}: {
  children?: ReactNode;
  className?: string;
  [key: string]: unknown;
}) {
  const child = Children.only(children);
  if (!isValidElement<{ className?: string }>(child)) return null;
  return cloneElement(child, { ...props, ...child.props, className: cn(className, child.props.className) });
}
