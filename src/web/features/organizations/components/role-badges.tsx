import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { roleList } from "../utils/permissions.js";

const KNOWN = ["owner", "admin", "member"];

/** A member's roles as badges, in the UI language; custom roles are shown as named. */
export function RoleBadges({ role }: { role: string }) {
  const { t } = useOrgTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1">
      {roleList(role).map((r) => (
        <span
          key={r}
          className={
            r === "owner"
              ? "rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground"
              : "rounded-full border px-2 py-0.5 text-xs font-medium"
          }
        >
          {KNOWN.includes(r) ? t(`roles.${r}`) : r}
        </span>
      ))}
    </span>
  );
}
