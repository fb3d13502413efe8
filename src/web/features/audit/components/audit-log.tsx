import { Download } from "lucide-react";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Pagination } from "@/components/pagination.js";
import { Button, buttonVariants } from "@/components/ui/button.js";
import { EmptyState } from "@/components/ui/empty-state.js";
import { Spinner } from "@/components/ui/spinner.js";
import { ApiError } from "@/lib/api-error.js";
import { cn } from "@/lib/cn.js";
import { formatNumber } from "@/lib/format.js";
import { AUDIT_PAGE_SIZE, auditCsvHref, useAuditLog } from "../api/audit.js";
import { useAuditSearchParams } from "../hooks/use-audit-search-params.js";
import { useAuditTranslation } from "../hooks/use-audit-translation.js";
import { AuditFiltersForm } from "./audit-filters.js";
import { AuditTable } from "./audit-table.js";

/**
 * The audit log with its filters, a page of events, the total, and the CSV of every match. Without
 * `organizationId` it is the whole site's log (site admins); the server refuses anyone else.
 */
export function AuditLog({ organizationId }: { organizationId?: string }) {
  const { t, i18n } = useAuditTranslation();
  const paginationLabels = {
    nav: t("pagination.label"),
    previous: t("pagination.previous"),
    next: t("pagination.next"),
    page: (page: number, pages: number) =>
      t("pagination.page", { page: formatNumber(page, i18n.language), pages: formatNumber(pages, i18n.language) }),
  };
  const [filters, update] = useAuditSearchParams();
  const log = useAuditLog(filters, organizationId);
  const data = log.data;
  const forbidden = log.error instanceof ApiError && log.error.status === 403;

  if (forbidden) {
    return <EmptyState alert title={t("notAllowed.title")} description={t("notAllowed.description")} />;
  }

  return (
    <div className="grid gap-6">
      <AuditFiltersForm filters={filters} onApply={update} />
      <section aria-labelledby="audit-results" className="grid gap-4">
        <h2 id="audit-results" className="sr-only">
          {t("table.caption")}
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-h-6 items-center gap-3">
            <p role="status" className="text-sm font-medium">
              {data ? t("count", { count: data.total, formatted: formatNumber(data.total, i18n.language) }) : ""}
            </p>
            {log.isFetching && <Spinner label={t("loading")} className="[&_svg]:size-4" />}
          </div>
          {data && data.total > 0 && (
            <a
              href={auditCsvHref(filters, organizationId)}
              download
              className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
            >
              <Download aria-hidden="true" />
              {t("export")}
            </a>
          )}
        </div>

        {log.isError && !data ? (
          <div className="grid justify-items-start gap-3">
            <ApiErrorAlert error={log.error} />
            <Button variant="outline" onClick={() => void log.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : !data ? (
          <Spinner label={t("loading")} />
        ) : data.events.length === 0 ? (
          <EmptyState
            title={t("empty.title")}
            description={data.total > 0 ? t("empty.pastEnd") : t("empty.description")}
          />
        ) : (
          <>
            {log.isError && <ApiErrorAlert error={log.error} />}
            <AuditTable events={data.events} showOrganization={!organizationId} />
          </>
        )}

        {data && (
          <Pagination
            labels={paginationLabels}
            page={filters.page}
            pageSize={AUDIT_PAGE_SIZE}
            total={data.total}
            onPage={(page) => {
              update({ page });
              document.getElementById("audit-results")?.scrollIntoView({ block: "start" });
            }}
          />
        )}
      </section>
    </div>
  );
}
