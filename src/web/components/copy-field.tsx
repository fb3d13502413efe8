import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "./ui/button.js";

/** The Copy button's words, in the caller's namespace. */
export interface CopyTexts {
  /** The button's visible text. */
  action: string;
  /** Its accessible name, naming what it copies. */
  labelled: string;
  /** Said (role="status") once copied. */
  done: string;
}

/** A value to give someone else (an IdP, a DNS host), with a Copy button that says when it copied. */
export function CopyField({
  label,
  value,
  testId,
  texts,
}: {
  label: string;
  value: string;
  testId: string;
  texts: CopyTexts;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid min-w-0 gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
          data-testid={testId}
        >
          {value}
        </code>
        <Button
          type="button"
          variant="outline"
          aria-label={texts.labelled}
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {texts.action}
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {copied ? texts.done : ""}
        </span>
      </div>
    </div>
  );
}
