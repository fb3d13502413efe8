import { Check, Copy, KeyRound } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "./ui/button.js";

export interface SecretRevealProps {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** The secret, shown this once; null shows only what `children` says (e.g. a public client's id). */
  secret: string | null;
  /** What the secret is; read out only, unless `labelVisible`. */
  secretLabel: string;
  labelVisible?: boolean;
  copyLabel: string;
  copiedLabel: string;
  doneLabel: string;
  onDone: () => void;
  testId: string;
  secretTestId: string;
  /** Said between the heading and the secret. */
  children?: ReactNode;
  /** Said after the secret, before "Done". */
  footer?: ReactNode;
}

/**
 * A secret right after it was made (a webhook signing secret, an OAuth client secret, an API key): the
 * only time anyone sees it. Focus moves to the heading so a screen reader reads it out; it can be copied;
 * "Done" puts it away for good.
 */
export function SecretReveal({
  id,
  title,
  secret,
  secretLabel,
  labelVisible = false,
  copyLabel,
  copiedLabel,
  doneLabel,
  onDone,
  testId,
  secretTestId,
  children,
  footer,
}: SecretRevealProps) {
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 gap-3 rounded-xl border-2 border-primary/60 bg-card p-4 sm:p-6"
      data-testid={testId}
    >
      <h2 id={id} ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-none">
        <KeyRound className="size-5 shrink-0" aria-hidden="true" />
        {title}
      </h2>
      {children}
      {secret && (
        <div className="grid min-w-0 gap-2">
          <span className={labelVisible ? "text-sm font-medium" : "sr-only"}>{secretLabel}</span>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
              data-testid={secretTestId}
            >
              {secret}
            </code>
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                void navigator.clipboard.writeText(secret).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copyLabel}
            </Button>
            <span role="status" className="text-sm text-muted-foreground">
              {copied ? copiedLabel : ""}
            </span>
          </div>
        </div>
      )}
      {footer}
      <div>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}
