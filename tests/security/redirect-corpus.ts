/** The trusted origins the redirect suite's server runs with (TRUSTED_ORIGINS). */
export const TRUSTED = "https://app.tessera.example";
export const WILDCARD = "https://*.example.com";

/**
 * Known open-redirect bypasses: each must be refused wherever a URL is accepted. Gathered from
 * the classic lists (OWASP, PortSwigger, PayloadsAllTheThings) and shaped for our trusted origins.
 */
export const HOSTILE_URLS: string[] = [
  // plain foreign targets
  "https://evil.com",
  "https://evil.com/phish",
  "http://evil.com",
  "HtTpS://evil.com",
  "HTTPS://EVIL.COM/",
  // protocol-relative and backslash forms a browser reads as another host
  "//evil.com",
  "//evil.com/x",
  "///evil.com",
  "////evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "\\/evil.com",
  "/\\/evil.com",
  "/../\\evil.com",
  // dot segments that resolve to the path //evil.com, which written back without our origin is a foreign host
  "/..//evil.com",
  "/.//evil.com",
  "/%2e%2e//evil.com",
  "/a/..//evil.com",
  // scheme without slashes
  "https:evil.com",
  "https:/evil.com",
  "https:\\\\evil.com",
  // the trusted host as userinfo, fragment or query of a foreign one
  `${TRUSTED}@evil.com`,
  `https://${new URL(TRUSTED).host}:pass@evil.com`,
  `https://evil.com#@${new URL(TRUSTED).host}`,
  `https://evil.com?@${new URL(TRUSTED).host}`,
  `https://evil.com\\@${new URL(TRUSTED).host}`,
  `https://evil.com/${new URL(TRUSTED).host}`,
  `${TRUSTED}.evil.com`,
  `${TRUSTED}:8443`,
  TRUSTED.replace("https://", "http://"),
  // encoded separators
  "%2F%2Fevil.com",
  "/%2F%2Fevil.com",
  "/%2f%2fevil.com",
  "/%5Cevil.com",
  "/%5c%5cevil.com",
  "%5C%5Cevil.com",
  "%09//evil",
  // script and data schemes
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "javascript://app.tessera.example/%0Aalert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  // whitespace and control characters browsers strip
  " //evil.com",
  "\t//evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r/evil.com",
  "/\u0000/evil.com",
  "\u0000//evil.com",
  "//evil.com\u0000",
  // wildcard-origin edge cases for https://*.example.com
  "https://example.com",
  "https://evil-example.com",
  "https://evilexample.com",
  "https://example.com.evil.com",
  "https://sub.example.com.evil.com",
  "https://evil.com/.example.com",
  "https://evil.com?.example.com",
  "https://evil.com#.example.com",
  "https://sub.example.com@evil.com",
  "http://sub.example.com",
  // look-alike hosts (U+3002 is read as a dot by URL parsers)
  "https://evil\u3002com",
  "https://xn--e1awd7f.com",
  "https://127.0.0.1",
  "https://[::1]",
];

/** Where a safe relative path or a trusted origin must be accepted. */
export const ACCEPTED_URLS: string[] = [
  "/dashboard",
  "/dashboard?tab=1#top",
  `${TRUSTED}/welcome`,
  "https://sub.example.com/x",
  // Non-ASCII paths and hosts are ordinary (the engine once answered them with a 500).
  "/café/日本",
  "https://bücher.example.com/x",
  // Odd but harmless: the path stays /%09/evil.com on our host, however it is written back.
  "/%09/evil.com",
];

/**
 * Root-relative and trusted absolute URLs built from the URL parser's rules: dot segments written
 * plainly and percent-encoded, slashes, backslashes and encoded separators, tab/CR/LF the parser
 * drops, each ending at a foreign host. `/..//evil.example/x` is one of them. Which are hostile is
 * decided by `classifyRedirect`, not by hand.
 */
export function generatedRedirectURLs(): string[] {
  const leads = ["/", "/a/", `${TRUSTED}/`];
  const dots = ["", ".", "..", "%2e", "%2E%2e", ".%2e", "a/..", ".\t.", "a\n"];
  const separators = ["/", "//", "/\\", "\\/", "/%5c", "/%2f", "/\t/", "/\n/"];
  const urls = leads.flatMap((lead) =>
    dots.flatMap((dot) => separators.map((separator) => `${lead}${dot}${separator}evil.example/x`)),
  );
  return [...new Set(urls)];
}

/**
 * What SPEC §5 demands of `url` sent from a page at `base` with these trusted origins, judged the way
 * a browser reads it: "hostile" if it resolves to another origin or to a path starting with `//`
 * (written back without its origin, as a redirect or a link may be, that is a foreign host);
 * "malformed" if it holds a control character (dropped by the parser, fatal in a Location header),
 * or is root-relative and written with a backslash or an encoded separator (refused as written,
 * whatever it resolves to); otherwise "safe".
 */
export function classifyRedirect(url: string, base: string, trusted: string[]): "hostile" | "malformed" | "safe" {
  let resolved: URL;
  try {
    resolved = new URL(url, base);
  } catch {
    return "malformed";
  }
  if (!trusted.includes(resolved.origin) || resolved.pathname.startsWith("//")) return "hostile";
  const path = url.split(/[?#]/)[0] ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for.
  if (/[\u0000-\u001f\u007f]/.test(url)) return "malformed";
  if (url.startsWith("/") && (url.includes("\\") || /%2f|%5c/i.test(path))) return "malformed";
  return "safe";
}
