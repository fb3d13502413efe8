import { Monitor, Smartphone, Tablet } from "lucide-react";
import { Button } from "@/components/ui/button.js";
import { formatDateTime, formatRelative } from "@/lib/format.js";
import type { AccountSession } from "@/shared/account.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { describeUserAgent } from "../utils/describe-user-agent.js";

const ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Monitor };

/** One session: which browser on which system, from where, since when, last seen when. */
export function SessionItem({
  session,
  pending,
  disabled,
  onRevoke,
}: {
  session: AccountSession;
  pending: boolean;
  disabled: boolean;
  onRevoke: () => void;
}) {
  const { t, i18n } = useSettingsTranslation();
  const device = describeUserAgent(session.userAgent);
  const Icon = ICONS[device.kind];
  const name = t("sessions.device", {
    browser: device.browser ?? t("sessions.unknownBrowser"),
    os: device.os ?? t("sessions.unknownOs"),
  });
  const locale = i18n.language;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start"
      data-current={session.current || undefined}
    >
      <Icon
        className="size-6 shrink-0 text-muted-foreground"
        aria-label={t(`sessions.kind.${device.kind}`)}
        role="img"
      />
      <div className="grid flex-1 gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          {session.current && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              {t("sessions.thisDevice")}
            </span>
          )}
          {session.impersonated && (
            <span className="rounded-full bg-destructive px-2 py-0.5 text-xs font-medium text-destructive-foreground">
              {t("sessions.impersonation")}
            </span>
          )}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-muted-foreground">
          <dt>{t("sessions.ip")}</dt>
          <dd className="font-mono break-all">{session.ipAddress ?? t("sessions.unknownIp")}</dd>
          <dt>{t("sessions.signedIn")}</dt>
          <dd>
            <time dateTime={session.createdAt}>{formatDateTime(session.createdAt, locale)}</time>
          </dd>
          <dt>{t("sessions.lastActive")}</dt>
          <dd>
            <time dateTime={session.updatedAt} title={formatDateTime(session.updatedAt, locale)}>
              {formatRelative(session.updatedAt, locale)}
            </time>
          </dd>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={pending}
        disabled={disabled}
        aria-label={session.current ? t("sessions.signOutHere") : t("sessions.revokeLabel", { device: name })}
        onClick={onRevoke}
      >
        {session.current ? t("sessions.signOutHere") : t("sessions.revoke")}
      </Button>
    </li>
  );
}
