/** Initials for an avatar: the first letters of the first two words of the name, else of the e-mail. */
export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length ? words.slice(0, 2).map((w) => [...w][0]) : [[...email][0] ?? "?"];
  return letters.join("").toUpperCase();
}
