import type { ReactNode } from "react";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { LoadingScreen } from "@/components/loading-screen.js";
import { Button } from "@/components/ui/button.js";
import { useConsoleAccess } from "../api/admin-access.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { NotAllowed } from "./not-allowed.js";

/**
 * The console's door: the server says whether the signed-in user holds the admin statements (their
 * role or ADMIN_USER_IDS). Hiding is only for clarity; every call behind it is checked again.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { t, ready } = useAdminTranslation();
  const access = useConsoleAccess();
  if (!ready || access.isPending) return <LoadingScreen label={ready ? t("access.checking") : "…"} />;
  if (access.isError) {
    return (
      <div className="mx-auto grid max-w-lg gap-4">
        <ApiErrorAlert error={access.error} />
        <div>
          <Button variant="outline" onClick={() => void access.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      </div>
    );
  }
  if (!access.data) return <NotAllowed />;
  return children;
}
