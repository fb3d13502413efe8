import { KeyRound } from "lucide-react";
import { CREDENTIAL } from "../api/accounts.js";

// Distinct, readable in both themes (white text on each passes WCAG AA for large text and icons).
const COLORS = [
  "bg-sky-700",
  "bg-emerald-700",
  "bg-violet-700",
  "bg-rose-700",
  "bg-amber-700",
  "bg-teal-700",
  "bg-indigo-700",
];

function colorOf(id: string) {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length];
}

/** A provider's mark: a key for the password, else the provider's initial on its own color. */
export function ProviderMark({ providerId, name }: { providerId: string; name: string }) {
  if (providerId === CREDENTIAL) {
    return (
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted" aria-hidden="true">
        <KeyRound className="size-4" />
      </span>
    );
  }
  return (
    <span
      className={`flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white ${colorOf(providerId)}`}
      aria-hidden="true"
    >
      {[...name][0]?.toUpperCase() ?? "?"}
    </span>
  );
}
