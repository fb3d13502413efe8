import { useId } from "react";
import { Button } from "@/components/ui/button.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import type { WebhookEventType } from "@/shared/webhooks.js";
import { useEventLabel } from "../hooks/use-event-label.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";
import { EVENT_GROUPS, type EventArea } from "../lib/events.js";

/**
 * The events an endpoint receives: one fieldset of checkboxes per area (user, sign-in, organization,
 * member, invitation, team, admin, webhooks, other), each with "all" and "none", and the same for every event.
 */
export function EventPicker({
  value,
  onChange,
  errorId,
}: {
  value: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  /** The id of the message saying none is chosen, when it shows. */
  errorId?: string;
}) {
  const { t } = useWebhooksTranslation();
  const { label } = useEventLabel();
  const id = useId();
  const chosen = new Set(value);
  const all = EVENT_GROUPS.flatMap((g) => g.events);
  // Keep the list's order, whatever order the clicks came in.
  const set = (next: Set<WebhookEventType>) => onChange(all.filter((e) => next.has(e)));
  const toggle = (events: WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const e of events) on ? next.add(e) : next.delete(e);
    set(next);
  };
  const areaName: Record<EventArea, string> = {
    user: t("areas.user"),
    signIn: t("areas.signIn"),
    organization: t("areas.organization"),
    member: t("areas.member"),
    invitation: t("areas.invitation"),
    team: t("areas.team"),
    admin: t("areas.admin"),
    webhook: t("areas.webhook"),
    other: t("areas.other"),
  };

  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={errorId}>
      <legend className="mb-1 text-sm font-medium">{t("form.events")}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t("form.eventsChosen", { chosen: chosen.size, total: all.length })}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => toggle(all, true)}>
          {t("form.selectAll")}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => toggle(all, false)}>
          {t("form.selectNone")}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {EVENT_GROUPS.map((group) => {
          const name = areaName[group.area];
          return (
            <fieldset key={group.area} className="grid min-w-0 content-start gap-2 rounded-lg border p-2 sm:p-3">
              <legend className="px-1 text-sm font-medium">{name}</legend>
              <div className="flex flex-wrap gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  aria-label={t("form.selectAllIn", { area: name })}
                  onClick={() => toggle(group.events, true)}
                >
                  {t("form.all")}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  aria-label={t("form.selectNoneIn", { area: name })}
                  onClick={() => toggle(group.events, false)}
                >
                  {t("form.none")}
                </Button>
              </div>
              <ul className="grid gap-1.5">
                {group.events.map((event) => (
                  <li key={event} className="flex min-w-0 items-start gap-2">
                    <Checkbox
                      id={`${id}-${event}`}
                      className="mt-0.5"
                      checked={chosen.has(event)}
                      onChange={(e) => toggle([event], e.target.checked)}
                    />
                    <label htmlFor={`${id}-${event}`} className="grid min-w-0 text-sm">
                      <span>{label(event)}</span>
                      <span className="font-mono text-xs break-all text-muted-foreground">{event}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
