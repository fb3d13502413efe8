export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

const COMMON = [
  "password",
  "passwort",
  "contraseña",
  "motdepasse",
  "haslo",
  "parol",
  "qwerty",
  "azerty",
  "123456",
  "letmein",
  "welcome",
  "admin",
  "iloveyou",
  "tessera",
];

/**
 * A rough strength hint (0 = very weak … 4 = strong): length counts most, then variety of characters;
 * repeats, sequences, common words and the user's own name or e-mail pull it down. A hint only —
 * the server enforces the length limits.
 */
export function passwordStrength(password: string, context: string[] = []): StrengthLevel {
  if (!password) return 0;
  const lower = password.toLowerCase();
  let score = 0;
  if (password.length >= 8) score++;
  if (password.length >= 12) score++;
  if (password.length >= 16) score++;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  if (classes >= 3) score++;
  if (classes === 4 && password.length >= 10) score++;
  const personal = context.flatMap((c) => c.toLowerCase().split(/[@.\s_-]+/)).filter((part) => part.length >= 3);
  const weak =
    /^(.)\1+$/.test(password) ||
    /(.)\1{3,}/.test(password) ||
    isSequence(lower) ||
    COMMON.some((w) => lower.includes(w)) ||
    personal.some((p) => lower.includes(p));
  if (weak) score -= 2;
  if (password.length < 8) score = Math.min(score, 1);
  return Math.max(0, Math.min(4, score)) as StrengthLevel;
}

function isSequence(s: string): boolean {
  if (s.length < 4) return false;
  let up = 0;
  let down = 0;
  for (let i = 1; i < s.length; i++) {
    const d = s.charCodeAt(i) - s.charCodeAt(i - 1);
    if (d === 1) up++;
    if (d === -1) down++;
  }
  return up >= s.length - 2 || down >= s.length - 2;
}
