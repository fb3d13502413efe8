import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.js";
import { passwordStrength } from "../utils/password-strength.js";

const LEVELS = ["veryWeak", "weak", "fair", "good", "strong"] as const;
const COLORS = ["bg-destructive", "bg-destructive", "bg-amber-500", "bg-success", "bg-success"];

/** Four bars and a word; the word is what screen readers get (the bars are decoration). */
export function PasswordStrengthMeter({ password, context = [] }: { password: string; context?: string[] }) {
  const { t } = useTranslation();
  if (!password) return null;
  const level = passwordStrength(password, context);
  return (
    <div className="grid gap-1" data-strength={level}>
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn("h-1.5 rounded-full", bar <= Math.max(level, 1) ? COLORS[level] : "bg-muted")}
          />
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        {t("password.strength.label", { level: t(`password.strength.${LEVELS[level]}`) })}
      </p>
    </div>
  );
}
