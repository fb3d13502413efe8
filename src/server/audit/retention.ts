import type { Auth } from "../auth/auth.js";
import type { Logger } from "../logger.js";
import { auditStore } from "./store.js";

const HOUR = 3_600_000;

/** Deletes audit events older than AUDIT_RETENTION_DAYS now and then hourly; returns a stop function. */
export function startAuditRetention(auth: Auth, days: number, logger: Logger): () => void {
  const prune = async () => {
    try {
      const removed = await auditStore((await auth.$context).adapter).prune(days);
      if (removed) logger.info({ removed, days }, "audit events pruned");
    } catch (error) {
      logger.warn({ err: error }, "audit pruning failed; will retry");
    }
  };
  const first = setTimeout(prune, 5_000);
  const timer = setInterval(prune, HOUR);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
