import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/api-error.js";
import type { DevMail } from "@/shared/dev-mailbox.js";
import { clearMail, listMail } from "../api/mailbox.js";

/** New mail shows up without a reload; the mailbox is a local development tool, so a short poll is fine. */
const REFRESH_MS = 3000;

export type MailboxState =
  | { status: "loading" }
  | { status: "off" }
  | { status: "error"; message: string }
  | { status: "ready"; messages: DevMail[] };

/** The dev mailbox's messages, refreshed while the tab is visible. */
export function useMailbox() {
  const [state, setState] = useState<MailboxState>({ status: "loading" });
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const messages = await listMail();
      if (alive.current) setState({ status: "ready", messages });
    } catch (error) {
      if (!alive.current) return;
      if (error instanceof ApiError && error.status === 404) setState({ status: "off" });
      else setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refresh();
    }, REFRESH_MS);
    return () => {
      alive.current = false;
      clearInterval(timer);
    };
  }, [refresh]);

  const clear = useCallback(async () => {
    await clearMail();
    await refresh();
  }, [refresh]);

  return { state, refresh, clear };
}
