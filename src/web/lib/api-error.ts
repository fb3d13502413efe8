/** A failed call, as the UI needs it: HTTP status, the engine's error code, and how long to wait after a 429. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** Seconds from the X-Retry-After header of a 429. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** What better-auth's client resolves with. */
export interface ClientResult<T> {
  data: T | null;
  error: { status: number; code?: string; message?: string; statusText?: string } | null;
}

/** The per-call hook better-fetch accepts; used to read X-Retry-After off the failed response. */
export interface CallOptions {
  onError: (context: { response: Response }) => void;
}

/** Parses X-Retry-After (seconds) or Retry-After (seconds); undefined when absent or malformed. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const raw = headers.get("X-Retry-After") ?? headers.get("Retry-After");
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/** Runs one auth-client call; resolves with its data or throws an ApiError. */
export async function authCall<T>(run: (options: CallOptions) => Promise<ClientResult<T>>): Promise<T> {
  let retryAfter: number | undefined;
  let result: ClientResult<T>;
  try {
    result = await run({
      onError: ({ response }) => {
        retryAfter = retryAfterSeconds(response.headers);
      },
    });
  } catch (error) {
    throw new ApiError(0, "NETWORK_ERROR", error instanceof Error ? error.message : String(error));
  }
  if (result.error) {
    const { status, code, message, statusText } = result.error;
    throw new ApiError(status, code || undefined, message || statusText || `HTTP ${status}`, retryAfter);
  }
  return result.data as T;
}

/** A plain fetch to the app's own JSON routes, failing the same way auth calls do. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "same-origin",
      ...init,
      headers: { Accept: "application/json", ...init?.headers },
    });
  } catch (error) {
    throw new ApiError(0, "NETWORK_ERROR", error instanceof Error ? error.message : String(error));
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const { code, message } = (body ?? {}) as { code?: string; message?: string };
    throw new ApiError(response.status, code, message ?? response.statusText, retryAfterSeconds(response.headers));
  }
  return body as T;
}
