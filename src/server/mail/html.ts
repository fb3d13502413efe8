/** HTML that was built by `html` below; the only values written into a mail unescaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Tagged template for mail HTML: every interpolated value is escaped unless it is itself
 * SafeHtml, so untrusted text (names, organization names, addresses) can never become markup.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === undefined || value === null || value === false) return "";
  return escapeHtml(String(value));
}

/** Only http(s) links go into an href; anything else is a bug upstream, not something to render. */
export function httpUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error("mail links must be http(s) URLs");
  return url;
}
