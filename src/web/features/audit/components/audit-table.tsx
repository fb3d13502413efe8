import { formatDuration } from "../../../lib/format.js";
import type { AuditEvent } from "../api/audit.js";
import { useAuditTranslation } from "../hooks/use-audit-translation.js";
import { actionLabel, detailLabel, detailValue, targetLabel } from "../lib/labels.js";

/** Date and time to the second, in the UI language and the viewer's time zone. */
function formatInstant(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}

function Details({ event, showOrganization }: { event: AuditEvent; showOrganization: boolean }) {
  const { t, i18n } = useAuditTranslation();
  const entries = Object.entries(event.detail ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== "");
  const organizationId = showOrganization ? event.organizationId : null;
  if (!entries.length && !organizationId) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{detailLabel(key, t)}</dt>
          <dd className="break-words">{detailValue(key, value, t, (s) => formatDuration(s, i18n.language))}</dd>
        </div>
      ))}
      {organizationId && (
        <div className="contents">
          <dt className="text-muted-foreground">{t("details.organization")}</dt>
          <dd className="font-mono text-xs wrap-anywhere">{organizationId}</dd>
        </div>
      )}
    </dl>
  );
}

function Actor({ event }: { event: AuditEvent }) {
  const { t } = useAuditTranslation();
  if (event.actorEmail) return <span className="wrap-anywhere">{event.actorEmail}</span>;
  if (event.actorId) return <span className="font-mono text-xs wrap-anywhere">{event.actorId}</span>;
  return <span className="text-muted-foreground">{t("table.noActor")}</span>;
}

function Target({ event }: { event: AuditEvent }) {
  const { t } = useAuditTranslation();
  if (!event.targetType) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid">
      <span>{targetLabel(event.targetType, t)}</span>
      {event.targetId && (
        <span className="font-mono text-xs wrap-anywhere text-muted-foreground">{event.targetId}</span>
      )}
    </span>
  );
}

/**
 * The events: a table from tablet width up, cards on a phone (only one is displayed at a time). In one
 * organization's log the organization goes without saying; the site's log names it.
 */
export function AuditTable({ events, showOrganization }: { events: AuditEvent[]; showOrganization: boolean }) {
  const { t, i18n } = useAuditTranslation();
  const time = (e: AuditEvent) => (
    <time dateTime={e.createdAt} className="whitespace-nowrap">
      {formatInstant(e.createdAt, i18n.language)}
    </time>
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("table.caption")}</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("table.time")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("table.action")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("table.actor")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("table.target")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("table.details")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("table.ip")}
              </th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id} className="border-t align-top" data-testid="audit-event">
                <td className="px-3 py-2">{time(e)}</td>
                <td className="px-3 py-2 font-medium">{actionLabel(e.action, t, i18n)}</td>
                <td className="max-w-56 min-w-40 px-3 py-2">
                  <Actor event={e} />
                </td>
                <td className="max-w-56 px-3 py-2">
                  <Target event={e} />
                </td>
                <td className="max-w-72 px-3 py-2">
                  <Details event={e} showOrganization={showOrganization} />
                </td>
                <td className="px-3 py-2 font-mono text-xs">{e.ipAddress ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 md:hidden" aria-label={t("table.caption")}>
        {events.map((e) => (
          <li key={e.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm" data-testid="audit-event-card">
            <span className="font-medium">{actionLabel(e.action, t, i18n)}</span>
            <span className="text-muted-foreground">{time(e)}</span>
            <span>
              <span className="text-muted-foreground">{t("table.actor")}: </span>
              <Actor event={e} />
            </span>
            <span>
              <span className="text-muted-foreground">{t("table.target")}: </span>
              <Target event={e} />
            </span>
            <Details event={e} showOrganization={showOrganization} />
            {e.ipAddress && (
              <span className="text-muted-foreground">
                {t("table.ip")}: <span className="font-mono text-xs">{e.ipAddress}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
