import type { i18n as I18n } from "i18next";
import { ApiError } from "./api-error.js";
import { formatDuration } from "./format.js";
import { ERRORS_NS } from "./i18n.js";

/** The translated message for an engine or redirect error code, or undefined when we have none (yet). */
export function errorCodeMessage(i18n: I18n, code: unknown): string | undefined {
  if (typeof code !== "string" || code === "") return undefined;
  const table = i18n.getResourceBundle(i18n.language, ERRORS_NS) as Record<string, unknown> | undefined;
  // Own keys only: a hostile ?error=__proto__ or toString must not resolve to anything.
  if (!table || !Object.hasOwn(table, code)) return undefined;
  const message = table[code];
  return typeof message === "string" ? message : undefined;
}

/**
 * What to tell the user about a failed call, in their language: the code's own message when we know it,
 * the wait time for a 429 (`retryAfter` overrides the error's own, for a live countdown), else by status.
 */
export function errorMessage(i18n: I18n, error: unknown, retryAfter?: number): string {
  const t = i18n.t.bind(i18n);
  if (!(error instanceof ApiError)) return t("errorStatus.generic");
  if (error.status === 429) {
    const seconds = retryAfter ?? error.retryAfter;
    const duration = seconds === undefined ? undefined : formatDuration(seconds, i18n.language);
    // A limit with words of its own (e.g. TOO_MANY_INVITATIONS) says what was limited, then the wait;
    // the generic TOO_MANY_REQUESTS says nothing more than the wait does.
    const own = error.code === "TOO_MANY_REQUESTS" ? undefined : errorCodeMessage(i18n, error.code);
    if (own) return duration === undefined ? own : `${own} ${t("errorStatus.retryIn", { duration })}`;
    return duration === undefined ? t("errorStatus.rateLimitedNoTime") : t("errorStatus.rateLimited", { duration });
  }
  const byCode = errorCodeMessage(i18n, error.code);
  if (byCode) return byCode;
  if (error.status === 0) return t("errorStatus.network");
  if (error.status === 401) return t("errorStatus.unauthenticated");
  if (error.status === 403) return t("errorStatus.forbidden");
  if (error.status === 404) return t("errorStatus.notFound");
  if (error.status >= 500) return t("errorStatus.server");
  return t("errorStatus.generic");
}
