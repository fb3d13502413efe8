import type { Browser } from "playwright-core";

/** One script or stylesheet the page fetched: its path, how it came (Content-Encoding) and its bytes on the wire. */
export interface Fetched {
  path: string;
  encoding: string;
  /** The response body as received (encoded), without headers. */
  bytes: number;
}

export interface FirstVisit {
  /** Where the visit ended up (e.g. `/sign-in?redirectTo=%2F` for an anonymous `/`). */
  landedOn: string;
  files: Fetched[];
  jsBytes: number;
  cssBytes: number;
  totalBytes: number;
}

/**
 * What a first-time visitor's browser downloads of JS and CSS when it opens `path`: a fresh context
 * (no cookies, no cache), until the network has been idle for 500 ms; every script and stylesheet
 * response counted at its encoded size, as the browser received it. Used by the budget test
 * (tests/e2e/first-visit.e2e.ts) and `npm run bench:web`.
 */
export async function measureFirstVisit(browser: Browser, origin: string, path: string): Promise<FirstVisit> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const pending: Promise<Fetched | null>[] = [];
    page.on("requestfinished", (request) => {
      pending.push(
        (async () => {
          const url = new URL(request.url());
          if (!/\.(m?js|css)$/.test(url.pathname)) return null;
          const [response, sizes] = await Promise.all([request.response(), request.sizes()]);
          return {
            path: url.pathname,
            encoding: (await response?.headerValue("content-encoding")) ?? "identity",
            bytes: sizes.responseBodySize,
          };
        })(),
      );
    });
    await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
    const files = (await Promise.all(pending))
      .filter((f): f is Fetched => f !== null)
      .sort((a, b) => b.bytes - a.bytes);
    const sum = (list: Fetched[]) => list.reduce((s, f) => s + f.bytes, 0);
    const jsBytes = sum(files.filter((f) => !f.path.endsWith(".css")));
    const cssBytes = sum(files.filter((f) => f.path.endsWith(".css")));
    const landed = new URL(page.url());
    return { landedOn: `${landed.pathname}${landed.search}`, files, jsBytes, cssBytes, totalBytes: jsBytes + cssBytes };
  } finally {
    await context.close();
  }
}
