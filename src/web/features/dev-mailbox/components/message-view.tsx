import { type KeyboardEvent, useId, useState } from "react";
import { cn } from "@/lib/cn.js";
import type { DevMail } from "@/shared/dev-mailbox.js";
import { LinkifiedText } from "./linkified-text.js";

type View = "html" | "text";
const VIEWS: { id: View; label: string }[] = [
  { id: "html", label: "HTML" },
  { id: "text", label: "Plain text" },
];

/**
 * The mail's HTML runs in a sandboxed iframe: no scripts, no access to this page; links open in a
 * new tab (the app refuses to be framed, so they could not open inside the frame anyway).
 */
function sandboxed(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

/** One captured mail: its envelope, then the HTML or the plain-text part. */
export function MessageView({ mail }: { mail: DevMail }) {
  const [view, setView] = useState<View>("html");
  const id = useId();

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = view === "html" ? "text" : "html";
    setView(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  }

  return (
    <article aria-labelledby={`${id}-subject`} className="grid gap-4">
      <header className="grid gap-2">
        <h2 id={`${id}-subject`} className="text-lg font-semibold leading-tight">
          {mail.subject}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-all">{mail.to}</dd>
          <dt className="text-muted-foreground">Kind</dt>
          <dd>{mail.kind}</dd>
          <dt className="text-muted-foreground">Received</dt>
          <dd>
            <time dateTime={mail.createdAt}>{new Date(mail.createdAt).toLocaleString()}</time>
          </dd>
        </dl>
      </header>

      <div role="tablist" aria-label="Show the message as" className="flex gap-1 border-b">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            id={`${id}-tab-${v.id}`}
            type="button"
            role="tab"
            aria-selected={view === v.id}
            aria-controls={`${id}-panel-${v.id}`}
            tabIndex={view === v.id ? 0 : -1}
            onClick={() => setView(v.id)}
            onKeyDown={onTabKey}
            className={cn(
              "-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
              view === v.id ? "border-primary" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {v.label}
          </button>
        ))}
      </div>

      <div id={`${id}-panel-html`} role="tabpanel" aria-labelledby={`${id}-tab-html`} hidden={view !== "html"}>
        <iframe
          title={`HTML of “${mail.subject}”`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={sandboxed(mail.html)}
          className="h-[36rem] w-full rounded-lg border bg-white"
        />
      </div>
      <div id={`${id}-panel-text`} role="tabpanel" aria-labelledby={`${id}-tab-text`} hidden={view !== "text"}>
        <LinkifiedText text={mail.text} />
      </div>
    </article>
  );
}
