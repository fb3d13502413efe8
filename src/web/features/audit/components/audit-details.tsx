import { formatDuration } from "@/lib/format.js";
import { UI_NS } from "@/lib/i18n.js";
import { translateRoles } from "@/lib/roles.js";
import type { AuditEvent } from "@/shared/audit-events.js";
import { useAuditTranslation } from "../hooks/use-audit-translation.js";
import { detailLabel, detailValue } from "../lib/labels.js";
import { PartyText, ShortId } from "./audit-party.js";

/** Details shown by name elsewhere in the row, or only in its "IDs" part. */
const isIdKey = (key: string) => key === "code" || key === "impersonatedBy" || /Id$/.test(key);

/** What the event recorded, in words: ids are replaced by names, and kept for the row's detail below. */
export function AuditDetails({ event, showOrganization }: { event: AuditEvent; showOrganization: boolean }) {
  const { t, i18n } = useAuditTranslation();
  const detail = event.detail ?? {};
  const target = event.names.target;
  // The invited address or the team's name already shows under "Concerning": not twice.
  const repeated = (k: string, v: unknown) =>
    (k === "email" && v === target?.email) || (k === "name" && v === target?.name);
  const entries = Object.entries(detail).filter(
    ([k, v]) => v !== undefined && v !== null && v !== "" && !isIdKey(k) && !repeated(k, v),
  );
  const teamId = typeof detail.teamId === "string" ? detail.teamId : null;
  const impersonator = typeof detail.impersonatedBy === "string" ? detail.impersonatedBy : null;
  const organizationId = showOrganization ? event.organizationId : null;
  const rows = [
    ...entries.map(([key, value]) => ({
      key,
      label: detailLabel(key, t),
      value: detailValue(
        key,
        value,
        t,
        (s) => formatDuration(s, i18n.language),
        (roles) => translateRoles(roles, i18n.getFixedT(i18n.language, UI_NS)),
      ),
    })),
    ...(teamId
      ? [{ key: "teamId", label: t("details.teamId"), value: event.names.team ?? <ShortId id={teamId} /> }]
      : []),
    ...(impersonator
      ? [
          {
            key: "impersonatedBy",
            label: t("details.impersonatedBy"),
            value: <PartyText party={event.names.impersonator} id={impersonator} />,
          },
        ]
      : []),
    ...(organizationId
      ? [
          {
            key: "organization",
            label: t("details.organization"),
            value: event.names.organization ?? <ShortId id={organizationId} />,
          },
        ]
      : []),
  ];
  return (
    <div className="grid min-w-0 gap-1">
      {rows.length > 0 ? (
        <dl className="grid min-w-0 gap-0.5">
          {rows.map((row) => (
            <div key={row.key} className="min-w-0 break-words">
              <dt className="inline text-muted-foreground">{row.label}: </dt>
              <dd className="inline">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <span className="text-muted-foreground">—</span>
      )}
      <AuditIds event={event} />
    </div>
  );
}

/** The raw ids, the error code and the browser, folded away: CSV and support need them, readers rarely do. */
function AuditIds({ event }: { event: AuditEvent }) {
  const { t } = useAuditTranslation();
  const detail = event.detail ?? {};
  const ids: [string, string][] = [];
  const add = (label: string, value: unknown) => {
    if ((typeof value === "string" && value !== "") || typeof value === "number") ids.push([label, String(value)]);
  };
  add(t("ids.actor"), event.actorId);
  add(t("ids.target"), event.targetId);
  add(t("ids.organization"), event.organizationId);
  for (const [key, value] of Object.entries(detail)) if (isIdKey(key)) add(detailLabel(key, t), value);
  add(t("ids.userAgent"), event.userAgent);
  if (!ids.length) return null;
  return (
    <details className="group text-xs">
      <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground underline-offset-2 hover:underline">
        {t("ids.summary")}
      </summary>
      <dl className="grid gap-1 pt-1">
        {ids.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-mono break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
