import { describe, expect, it } from "vitest";
import { AUDIT_NS } from "@/features/audit/hooks/use-audit-translation.js";
import { isWebAddress } from "@/features/webhooks/components/endpoint-form.js";
import { WEBHOOKS_NS } from "@/features/webhooks/hooks/use-webhooks-translation.js";
import { EVENT_GROUPS, eventArea, eventLabel } from "@/features/webhooks/lib/events.js";
import { ApiError } from "@/lib/api-error.js";
import { errorMessage } from "@/lib/error-message.js";
import { ERRORS_NS, i18n } from "@/lib/i18n.js";
import { LANGUAGES, type Locale } from "@/shared/languages.js";
import { WEBHOOK_ERROR_CODES, WEBHOOK_EVENT_TYPES } from "@/shared/webhooks.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";
import { withLocale } from "./helpers/render.js";

await describeFeatureLocales("webhooks", {});

describe("the endpoint form's own address check", () => {
  it("takes absolute http(s) addresses and leaves https and internal hosts to the server", () => {
    expect(isWebAddress("https://example.com/hooks?x=1")).toBe(true);
    expect(isWebAddress("http://127.0.0.1:8080/in")).toBe(true);
    for (const bad of [
      "",
      "example.com/hooks",
      "ftp://example.com",
      "javascript:alert(1)",
      "https://",
      "not an address",
    ])
      expect(isWebAddress(bad), bad).toBe(false);
  });
});

describe("webhook events on screen", () => {
  it("offers every event of the contract exactly once, grouped by area", () => {
    const offered = EVENT_GROUPS.flatMap((g) => g.events);
    expect([...offered].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(eventArea("member.role_changed")).toBe("member");
    expect(eventArea("sign_out")).toBe("signIn");
    expect(eventArea("password.reset")).toBe("user");
    expect(eventArea("webhook.test")).toBe("webhook");
    expect(eventArea("something.new")).toBe("other");
  });

  it("names each event with the audit log's translation, in every language", async () => {
    for (const { locale } of LANGUAGES) {
      await withLocale(locale as Locale);
      await i18n.loadNamespaces([WEBHOOKS_NS, AUDIT_NS]);
      const t = i18n.getFixedT(locale, WEBHOOKS_NS);
      for (const event of WEBHOOK_EVENT_TYPES) {
        const label = eventLabel(event, t, i18n, AUDIT_NS);
        expect(label, `${locale} ${event}`).not.toBe(event);
      }
      expect(eventLabel("invitation.accepted", t, i18n, AUDIT_NS)).toBe(
        i18n.t("actions.invitation.accepted", { ns: AUDIT_NS }),
      );
    }
    await withLocale("en");
  });

  it("translates every code the webhook routes answer with, in every language", async () => {
    for (const { locale } of LANGUAGES) {
      await withLocale(locale as Locale);
      await i18n.loadNamespaces(ERRORS_NS);
      for (const code of Object.keys(WEBHOOK_ERROR_CODES)) {
        const message = errorMessage(i18n, new ApiError(400, code, "x"));
        expect(message, `${locale} ${code}`).not.toBe(i18n.t("errorStatus.generic"));
      }
    }
    await withLocale("en");
  });
});
