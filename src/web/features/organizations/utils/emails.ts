// The same check as the app's e-mail fields (src/web/lib/validators.ts), which mirrors the engine's.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Enough for a team at once; more is a job for an import, not a text box. */
export const MAX_BULK_INVITES = 50;

/**
 * The addresses in pasted text: one per line, or separated by commas, semicolons or spaces;
 * "Ada Lovelace <ada@example.com>" gives the address in the brackets. Lower-cased, each once.
 */
export function parseEmails(text: string): string[] {
  const out: string[] = [];
  for (const chunk of text.split(/[\n,;]+/)) {
    const part = chunk.trim();
    if (!part) continue;
    const bracketed = /<([^<>]+)>/.exec(part);
    if (bracketed) {
      out.push(bracketed[1]!.trim().toLowerCase());
      continue;
    }
    for (const word of part.split(/\s+/)) if (word) out.push(word.toLowerCase());
  }
  return [...new Set(out)];
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}
