import { type KeyboardEvent, useRef } from "react";
import { cn } from "@/lib/cn.js";
import type { DevMail } from "@/shared/dev-mailbox.js";

const time = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "medium" });

/** The captured mail, newest first; arrow keys, Home and End move between messages. */
export function MessageList({
  messages,
  selectedId,
  onSelect,
}: {
  messages: DevMail[];
  selectedId?: string;
  onSelect: (id: string) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent, index: number) {
    const last = messages.length - 1;
    const next =
      event.key === "ArrowDown"
        ? Math.min(index + 1, last)
        : event.key === "ArrowUp"
          ? Math.max(index - 1, 0)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const target = messages[next];
    if (!target) return;
    onSelect(target.id);
    buttons.current[next]?.focus();
  }

  return (
    <ul aria-label="Messages" className="divide-y overflow-hidden rounded-lg border">
      {messages.map((mail, index) => {
        const selected = mail.id === selectedId;
        return (
          <li key={mail.id}>
            <button
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              aria-current={selected ? "true" : undefined}
              onClick={() => onSelect(mail.id)}
              onKeyDown={(event) => move(event, index)}
              className={cn(
                "grid w-full gap-0.5 px-4 py-3 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset",
                selected && "bg-accent",
              )}
            >
              <span className="line-clamp-2 font-medium">{mail.subject}</span>
              <span className="truncate text-sm text-muted-foreground">{mail.to}</span>
              <span className="text-xs text-muted-foreground">
                {mail.kind} · <time dateTime={mail.createdAt}>{time.format(new Date(mail.createdAt))}</time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
