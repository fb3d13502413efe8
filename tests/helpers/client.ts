/** The engine's session cookie (better-auth's cookie prefix set to "tessera"). */
export const SESSION_COOKIE = "tessera.session_token";

/** A browser-like HTTP client: a cookie jar, the Origin a browser would send, no automatic redirects. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseURL: string,
    readonly origin: string = baseURL,
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const url = path.startsWith("http") ? path : `${this.baseURL}${path}`;
    const h: Record<string, string> = { ...this.extraHeaders, ...headers };
    // Pass { Origin: "" } to send no Origin at all.
    if (this.origin && !("origin" in h) && !("Origin" in h)) h.Origin = this.origin;
    if (h.Origin === "") delete h.Origin;
    if (this.cookies.size) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === "string" ? body : JSON.stringify(body);
      h["Content-Type"] ??= "application/json";
    }
    const res = await fetch(url, { method, headers: h, body: payload, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, text, headers: res.headers, location: res.headers.get("location") };
  }

  get(path: string, query?: Record<string, string>, headers?: Record<string, string>) {
    const qs = query ? `?${new URLSearchParams(query)}` : "";
    return this.request("GET", path + qs, undefined, headers);
  }

  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request("POST", path, body, headers);
  }

  /** The session token cookie's value, if signed in. */
  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }
}

export type Reply = Awaited<ReturnType<TestClient["request"]>>;
