import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";

/** Holds an organization screen until its texts have arrived, so it never flashes message keys. */
export function OrganizationsReady({ children }: { children: ReactNode }) {
  const { ready } = useOrgTranslation();
  const { t: appT } = useTranslation();
  if (!ready) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label={appT("common.loading")} />
      </div>
    );
  }
  return children;
}
