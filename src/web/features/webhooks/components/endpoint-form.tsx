import { useEffect, useId } from "react";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Input } from "@/components/ui/input.js";
import { Label } from "@/components/ui/label.js";
import { useForm } from "@/hooks/use-form.js";
import { ApiError } from "@/lib/api-error.js";
import type { EndpointInput } from "../api/webhooks.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";
import { EventPicker } from "./event-picker.js";

const URL_MAX = 2048;
const DESCRIPTION_MAX = 500;

/** An absolute http(s) address; whether http is allowed (and which hosts) is the server's call. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !!url.hostname;
  } catch {
    return false;
  }
}

/** The screen's mutation that saves the form (a feature `api/` hook: creating or changing the endpoint). */
interface SaveEndpoint {
  mutate: (input: EndpointInput, options: { onError: (error: Error) => void }) => void;
  isPending: boolean;
  error: unknown;
}

/** Adding an endpoint, or changing one: its address, a description, and the events it receives. */
export function EndpointForm({
  initial,
  submitLabel,
  save,
  onCancel,
  label,
}: {
  initial?: EndpointInput;
  submitLabel: string;
  save: SaveEndpoint;
  onCancel?: () => void;
  /** The form's accessible name. */
  label: string;
}) {
  const { t } = useWebhooksTranslation();
  const id = useId();
  // Checked on submit; the address's message stays until the next one, the events' goes once one is chosen.
  const form = useForm({
    defaults: { url: initial?.url ?? "", description: initial?.description ?? "", events: initial?.events ?? [] },
    validate: {
      url: (v) => {
        const value = v.trim();
        return !value ? t("form.urlRequired") : !isWebAddress(value) ? t("form.urlInvalid") : undefined;
      },
      events: (v) => (v.length === 0 ? t("form.eventsRequired") : undefined),
    },
    revalidate: "submit",
  });
  const { events } = form.values;
  const problems = { url: form.errors.url, events: events.length ? undefined : form.errors.events };
  // Opening the form puts the keyboard in its first field.
  useEffect(() => document.getElementById(`${id}-url`)?.focus(), [id]);

  const submit = form.handleSubmit(({ url, description, events }) =>
    save.mutate(
      { url: url.trim(), description: description.trim(), events },
      {
        // The address refused by the server: say so at the field.
        onError: (e) => {
          if (e instanceof ApiError && (e.code === "WEBHOOK_URL_INVALID" || e.code === "WEBHOOK_URL_NOT_ALLOWED")) {
            form.focus("url");
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={label} className="grid min-w-0 gap-5">
      <ApiErrorAlert error={save.error} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>{t("form.url")}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks"
          maxLength={URL_MAX}
          {...form.field("url")}
          aria-invalid={problems.url ? true : undefined}
          aria-describedby={problems.url ? `${id}-url-error ${id}-url-hint` : `${id}-url-hint`}
        />
        <p id={`${id}-url-hint`} className="text-sm text-muted-foreground">
          {t("form.urlHint")}
        </p>
        {problems.url && (
          <p id={`${id}-url-error`} className="text-sm font-medium text-destructive">
            {problems.url}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>{t("form.description")}</Label>
        <Input
          id={`${id}-description`}
          maxLength={DESCRIPTION_MAX}
          {...form.field("description")}
          aria-describedby={`${id}-description-hint`}
        />
        <p id={`${id}-description-hint`} className="text-sm text-muted-foreground">
          {t("form.descriptionHint")}
        </p>
      </div>
      <EventPicker
        value={events}
        onChange={(next) => form.setValue("events", next)}
        errorId={problems.events ? `${id}-events-error` : undefined}
      />
      {problems.events && (
        <p
          id={`${id}-events-error`}
          ref={form.focusRef("events")}
          tabIndex={-1}
          className="text-sm font-medium text-destructive outline-none"
        >
          {problems.events}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("form.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
