import { useTranslation } from "react-i18next";
import { PasswordStrengthMeter } from "./password-strength-meter.js";

/** The configured length limits and a strength hint, under a new-password field. */
export function PasswordHint({
  password,
  minLength,
  maxLength,
  context,
}: {
  password: string;
  minLength: number;
  maxLength: number;
  context?: string[];
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <p>{t("password.lengthHint", { min: minLength, max: maxLength })}</p>
      <PasswordStrengthMeter password={password} context={context} />
    </div>
  );
}
