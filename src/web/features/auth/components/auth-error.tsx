import { useTranslation } from "react-i18next";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { errorCodeMessage } from "@/lib/error-message.js";
import { ERRORS_NS, UI_NS } from "@/lib/i18n.js";

/** Codes longer than this are cut for display; the page must stay readable whatever the query says. */
const MAX_SHOWN = 200;

/**
 * The error page of docs/behaviour.md#pages-and-links, translated: heading, a generic message, "Return to Application", and the code as
 * text (React escapes it; "Unknown" when missing). A known code also gets its own explanation.
 */
export function AuthError({ code }: { code: string | null }) {
  const { t, i18n } = useTranslation([UI_NS, ERRORS_NS]);
  const shown = code?.trim() ? code.slice(0, MAX_SHOWN) : t("errorPage.unknown");
  const explanation = code ? errorCodeMessage(i18n, code) : undefined;
  return (
    <StatusCard
      tone="error"
      title={t("errorPage.title")}
      description={t("errorPage.description")}
      actions={
        <Button asChild>
          <a href="/">{t("common.returnToApp")}</a>
        </Button>
      }
    >
      {explanation && <p className="text-center">{explanation}</p>}
      <p className="text-center text-sm text-muted-foreground">
        {t("errorPage.codeLabel")}{" "}
        <code data-testid="error-code" className="break-all rounded-md bg-muted px-2 py-1 font-mono text-foreground">
          {shown}
        </code>
      </p>
    </StatusCard>
  );
}
