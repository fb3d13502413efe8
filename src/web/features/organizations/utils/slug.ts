/** Lower-case letters and digits in words joined by single hyphens: what goes into the organization's address. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 48;

/** "Acme Café & Co." → "acme-cafe-co": a slug suggestion from a name. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

export type SlugProblem = "required" | "format" | "tooLong";

export function slugProblem(slug: string): SlugProblem | undefined {
  if (!slug) return "required";
  if (slug.length > SLUG_MAX) return "tooLong";
  if (!SLUG_PATTERN.test(slug)) return "format";
  return undefined;
}
