import { UserPlus } from "lucide-react";
import { Link } from "react-router";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Pagination } from "@/components/pagination.js";
import { Button } from "@/components/ui/button.js";
import { EmptyState } from "@/components/ui/empty-state.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { formatNumber } from "@/lib/format.js";
import { SITE_ROLE_NAMES, useAdminPermissions } from "../api/permissions.js";
import { USERS_PAGE_SIZE, useUserSearch } from "../api/users.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { useUserSearchParams } from "../hooks/use-user-search-params.js";
import { UserSearchForm } from "./user-search-form.js";
import { UsersTable } from "./users-table.js";

/** The console's first screen: find users by the start of their e-mail or name, filter, sort, page. */
export function UsersPage() {
  const { t, i18n } = useAdminTranslation();
  const paginationLabels = {
    nav: t("pagination.label"),
    previous: t("pagination.previous"),
    next: t("pagination.next"),
    page: (page: number, pages: number) =>
      t("pagination.page", { page: formatNumber(page, i18n.language), pages: formatNumber(pages, i18n.language) }),
  };
  useDocumentTitle(t("users.title"));
  const { can } = useAdminPermissions();
  const [search, update] = useUserSearchParams(SITE_ROLE_NAMES);
  const result = useUserSearch(search);
  const data = result.data;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t("users.title")}</h1>
          <p className="text-muted-foreground">{t("users.description")}</p>
        </div>
        {can({ user: ["create"] }) && (
          <Button asChild>
            <Link to={paths.adminCreateUser.getHref()}>
              <UserPlus aria-hidden="true" />
              {t("users.create")}
            </Link>
          </Button>
        )}
      </div>

      <UserSearchForm search={search} roles={SITE_ROLE_NAMES} onChange={update} />

      <section aria-labelledby="users-results" className="grid gap-4">
        <div className="flex min-h-6 items-center gap-3">
          <h2 id="users-results" className="sr-only">
            {t("users.results")}
          </h2>
          {/* One polite announcement per new answer: how many users match. */}
          <p role="status" className="text-sm font-medium">
            {data ? t("users.count", { count: data.total, formatted: formatNumber(data.total, i18n.language) }) : ""}
          </p>
          {result.isFetching && <Spinner label={t("common.loading")} className="[&_svg]:size-4" />}
        </div>

        {result.isError && !data ? (
          <div className="grid justify-items-start gap-3">
            <ApiErrorAlert error={result.error} />
            <Button variant="outline" onClick={() => void result.refetch()}>
              {t("common.retry")}
            </Button>
          </div>
        ) : !data ? (
          <Spinner label={t("common.loading")} />
        ) : data.users.length === 0 ? (
          <EmptyState
            title={t("users.empty.title")}
            description={data.total > 0 ? t("users.empty.pastEnd") : t("users.empty.description")}
          >
            {data.total > 0 && (
              <Button variant="link" onClick={() => update({ page: 1 })}>
                {t("pagination.first")}
              </Button>
            )}
          </EmptyState>
        ) : (
          <>
            {result.isError && <ApiErrorAlert error={result.error} />}
            <UsersTable users={data.users} />
          </>
        )}

        {data && (
          <Pagination
            labels={paginationLabels}
            page={search.page}
            pageSize={USERS_PAGE_SIZE}
            total={data.total}
            onPage={(page) => {
              update({ page });
              document.getElementById("users-results")?.scrollIntoView({ block: "start" });
            }}
          />
        )}
      </section>
    </div>
  );
}
