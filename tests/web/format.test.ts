import { describe, expect, it } from "vitest";
import { formatDate, formatDuration, formatNumber, formatRelative } from "@/lib/format.js";

describe("dates, numbers and durations through Intl", () => {
  // Intl separates number and unit with a (narrow) no-break space in some languages.
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

  it("words durations in each language, rounding up to whole units", () => {
    expect(plain(formatDuration(45, "en"))).toBe("45 seconds");
    expect(plain(formatDuration(61, "en"))).toBe("2 minutes");
    expect(plain(formatDuration(3600, "en"))).toBe("1 hour");
    expect(plain(formatDuration(2, "ru"))).toBe("2 секунды");
    expect(plain(formatDuration(5, "uk"))).toBe("5 секунд");
    expect(plain(formatDuration(3600, "de"))).toBe("1 Stunde");
    expect(plain(formatDuration(86400 * 2, "fr"))).toBe("2 jours");
    expect(plain(formatDuration(30, "tr"))).toBe("30 saniye");
  });

  it("formats dates and numbers by locale", () => {
    const d = new Date("2026-03-04T12:00:00Z");
    expect(formatDate(d, "de")).toContain("2026");
    expect(formatDate(d, "de")).toContain("März");
    expect(formatNumber(1234567.5, "fr").replace(/\s/g, " ")).toBe("1 234 567,5");
    expect(formatRelative(Date.now() + 2 * 86400 * 1000 + 1000, "en")).toBe("in 2 days");
    expect(formatRelative(Date.now() + 2 * 86400 * 1000 + 1000, "es")).toBe("pasado mañana");
  });
});
