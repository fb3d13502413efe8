/** Dates, numbers and durations in the UI's language, through Intl. */

export function formatDateTime(value: Date | string | number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}

export function formatDate(value: Date | string | number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(value));
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

const UNITS = [
  { unit: "day", seconds: 86400 },
  { unit: "hour", seconds: 3600 },
  { unit: "minute", seconds: 60 },
] as const;

/** "45 seconds", "2 minutes", "1 hour": the largest whole unit, rounded up so nobody retries too early. */
export function formatDuration(totalSeconds: number, locale: string): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  for (const { unit, seconds } of UNITS) {
    if (s >= seconds) {
      return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(Math.ceil(s / seconds));
    }
  }
  return new Intl.NumberFormat(locale, { style: "unit", unit: "second", unitDisplay: "long" }).format(s);
}

/** "in 2 days" / "3 hours ago", relative to now. */
export function formatRelative(value: Date | string | number, locale: string, now = Date.now()): string {
  const diff = (new Date(value).getTime() - now) / 1000;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const { unit, seconds } of UNITS) {
    if (Math.abs(diff) >= seconds) return rtf.format(Math.round(diff / seconds), unit);
  }
  return rtf.format(Math.round(diff), "second");
}
