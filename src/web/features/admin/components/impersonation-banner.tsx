import { useQueryClient } from "@tanstack/react-query";
import { UserRoundCog } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { paths } from "@/config/paths.js";
import { useCountdown } from "@/hooks/use-countdown.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useSession } from "@/lib/api/session.js";
import { ApiError } from "@/lib/api-error.js";
import { formatDuration } from "@/lib/format.js";
import { useStopImpersonating } from "../api/stop-impersonating.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

// The engine refuses to stop an impersonation whose session has expired, and the admin's own session
// cookie would be lost with it; so the banner hands the browser back a moment before the end.
const RETURN_BEFORE_END_SECONDS = 5;

/**
 * On every signed-in page while an admin acts as someone else (session.impersonatedBy): who they are
 * signed in as, how long the impersonation has left (the engine's impersonationSessionDuration), and
 * the way back to their own session.
 */
export function ImpersonationBanner() {
  const { session } = useSession();
  const impersonatedBy = (session?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy;
  if (!session || !impersonatedBy) return null;
  return (
    <ActiveImpersonation
      user={session.user}
      expiresAt={new Date(session.session.expiresAt).getTime()}
      sessionId={session.session.id}
    />
  );
}

function ActiveImpersonation({
  user,
  expiresAt,
  sessionId,
}: {
  user: { id: string; name: string; email: string };
  expiresAt: number;
  sessionId: string;
}) {
  const { t, i18n, ready } = useAdminTranslation();
  const describeError = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refetch } = useSession();
  const left = useCountdown(expiresAt);
  const autoReturned = useRef<string | null>(null);
  const stop = useStopImpersonating({
    onSuccess: (_, reason) => {
      // Nothing the impersonated user saw may stay on screen for the admin.
      queryClient.clear();
      if (reason === "timeout") toast.info(t("impersonation.timedOut"));
      navigate(paths.adminUser.getHref(user.id), { replace: true });
    },
    onError: async (error) => {
      // Expired already: the session is gone; reloading it leads to sign-in.
      if (error instanceof ApiError && error.status === 401) await refetch();
      else toast.error(describeError(error));
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per impersonation session as its end nears.
  useEffect(() => {
    if (left > RETURN_BEFORE_END_SECONDS || autoReturned.current === sessionId) return;
    autoReturned.current = sessionId;
    stop.mutate("timeout");
  }, [left, sessionId]);

  if (!ready) return null;
  return (
    <section
      aria-label={t("impersonation.region")}
      className="border-b border-amber-500 bg-amber-200 text-black dark:border-amber-400 dark:bg-amber-300"
    >
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6">
        <UserRoundCog className="size-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          <span className="font-medium break-words">
            {t("impersonation.signedInAs", { name: user.name || user.email, email: user.email })}
          </span>{" "}
          <span>{t("impersonation.remaining", { time: formatDuration(left, i18n.language) })}</span>
        </p>
        <Button
          size="sm"
          className="bg-black text-white hover:bg-black/85"
          loading={stop.isPending}
          onClick={() => stop.mutate("asked")}
        >
          {t("impersonation.stop")}
        </Button>
      </div>
    </section>
  );
}
