import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button.js";
import { formatNumber } from "../../../lib/format.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** Previous / next with "page X of Y"; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        <ChevronLeft aria-hidden="true" />
        {t("pagination.previous")}
      </Button>
      <p className="text-sm text-muted-foreground">
        {t("pagination.page", { page: formatNumber(page, i18n.language), pages: formatNumber(pages, i18n.language) })}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("pagination.next")}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
