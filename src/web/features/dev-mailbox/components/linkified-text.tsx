const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its http(s) links clickable; everything else is rendered as text. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-lg border bg-muted/40 p-4 font-mono text-sm">
      {parts.map((part, i) =>
        // split() with one capture group puts the links at the odd indexes.
        i % 2 === 1 ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={i}
            href={part}
            target="_blank"
            rel="noreferrer"
            className="text-primary underline underline-offset-2 hover:no-underline"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}
