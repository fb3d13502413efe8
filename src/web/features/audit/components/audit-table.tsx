import { useTranslation } from "react-i18next";
import { errorCodeMessage } from "@/lib/error-message.js";
import { ERRORS_NS } from "@/lib/i18n.js";
import type { AuditEvent } from "@/shared/audit-events.js";
import { AUDIT_NS, useAuditTranslation } from "../hooks/use-audit-translation.js";
import { actionLabel, targetLabel } from "../lib/labels.js";
import { AuditDetails } from "./audit-details.js";
import { PartyText, ShortId } from "./audit-party.js";

/** Date, then time to the second, in the UI language and the viewer's time zone; each wraps on its own. */
function Instant({ iso, locale, oneLine }: { iso: string; locale: string; oneLine?: boolean }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} className={oneLine ? "flex flex-wrap gap-x-1.5 text-muted-foreground" : "grid"}>
      <span>{new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(date)}</span>
      <span className="text-muted-foreground">
        {new Intl.DateTimeFormat(locale, { timeStyle: "medium" }).format(date)}
      </span>
    </time>
  );
}

/** The action, and for a failure why, in words: the app's message for a known code, else a general one. */
function Action({ event }: { event: AuditEvent }) {
  const { t, i18n } = useTranslation([AUDIT_NS, ERRORS_NS]);
  const code = event.detail?.code;
  const outcome =
    code === undefined || code === null || code === ""
      ? null
      : (errorCodeMessage(i18n, String(code)) ?? t("outcome.unknown"));
  return (
    <span className="grid min-w-0 gap-0.5">
      <span className="min-w-0 break-words font-medium">{actionLabel(event.action, t, i18n)}</span>
      {outcome && <span className="min-w-0 break-words text-xs text-destructive">{outcome}</span>}
    </span>
  );
}

function Actor({ event }: { event: AuditEvent }) {
  const { t } = useAuditTranslation();
  if (!event.actorId && !event.actorEmail) return <span className="text-muted-foreground">{t("table.noActor")}</span>;
  return <PartyText party={event.names.actor} id={event.actorId} recordedEmail={event.actorEmail} />;
}

function Target({ event }: { event: AuditEvent }) {
  const { t } = useAuditTranslation();
  if (!event.targetType) return <span className="text-muted-foreground">—</span>;
  const named = event.names.target;
  return (
    <span className="grid min-w-0">
      {named ? <PartyText party={named} id={event.targetId} /> : event.targetId && <ShortId id={event.targetId} />}
      <span className="text-xs text-muted-foreground">{targetLabel(event.targetType, t)}</span>
    </span>
  );
}

// Time, action, who, concerning, details, IP.
const COLUMN_SHARES = ["13%", "16%", "20%", "20.5%", "20%", "10.5%"];

const cell = "min-w-0 px-3 py-2 align-top break-words";

/**
 * The events: a table on wide screens, cards below (only one is displayed at a time). Names, not ids: the
 * ids are on hover and in each row's folded detail, and in full in the CSV. The table's columns have fixed
 * shares, so a long value wraps inside its own cell instead of pushing into the next one.
 */
export function AuditTable({ events, showOrganization }: { events: AuditEvent[]; showOrganization: boolean }) {
  const { t, i18n } = useAuditTranslation();
  return (
    <>
      <div className="hidden rounded-lg border lg:block">
        <table className="w-full text-sm" style={{ tableLayout: "fixed" }}>
          <caption className="sr-only">{t("table.caption")}</caption>
          <colgroup>
            {/* Inline, not utility classes: the stylesheet is part of the sign-in route's budget. */}
            {COLUMN_SHARES.map((width) => (
              <col key={width} style={{ width }} />
            ))}
          </colgroup>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className={`${cell} font-medium`}>
                {t("table.time")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("table.action")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("table.actor")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("table.target")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("table.details")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("table.ip")}
              </th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id} className="border-t" data-testid="audit-event">
                <td className={cell}>
                  <Instant iso={e.createdAt} locale={i18n.language} />
                </td>
                <td className={cell}>
                  <Action event={e} />
                </td>
                <td className={cell}>
                  <Actor event={e} />
                </td>
                <td className={cell}>
                  <Target event={e} />
                </td>
                <td className={cell}>
                  <AuditDetails event={e} showOrganization={showOrganization} />
                </td>
                <td className={`${cell} font-mono text-xs break-all`}>{e.ipAddress ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 lg:hidden" aria-label={t("table.caption")}>
        {events.map((e) => (
          <li
            key={e.id}
            className="grid min-w-0 gap-2 rounded-lg border bg-card p-3 text-sm"
            data-testid="audit-event-card"
          >
            <div className="grid min-w-0 gap-1">
              <Action event={e} />
              <Instant iso={e.createdAt} locale={i18n.language} oneLine />
            </div>
            <dl
              className="grid min-w-0 gap-x-3 gap-y-1"
              style={{ gridTemplateColumns: "minmax(0, 6rem) minmax(0, 1fr)" }}
            >
              <dt className="text-muted-foreground">{t("table.actor")}</dt>
              <dd className="min-w-0 break-words">
                <Actor event={e} />
              </dd>
              <dt className="text-muted-foreground">{t("table.target")}</dt>
              <dd className="min-w-0 break-words">
                <Target event={e} />
              </dd>
              <dt className="text-muted-foreground">{t("table.details")}</dt>
              <dd className="min-w-0 break-words">
                <AuditDetails event={e} showOrganization={showOrganization} />
              </dd>
              {e.ipAddress && (
                <>
                  <dt className="text-muted-foreground">{t("table.ip")}</dt>
                  <dd className="min-w-0 font-mono text-xs break-all">{e.ipAddress}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
