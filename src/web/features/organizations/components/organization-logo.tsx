import { Building2 } from "lucide-react";
import { cn } from "@/lib/cn.js";

/** The organization's logo, or a building where it has none; decorative (the name is always beside it). */
export function OrganizationLogo({ logo, className }: { logo?: string | null; className?: string }) {
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted",
        className ?? "size-10",
      )}
    >
      {logo ? (
        <img src={logo} alt="" className="size-full object-cover" />
      ) : (
        <Building2 className="size-1/2" aria-hidden="true" />
      )}
    </span>
  );
}
