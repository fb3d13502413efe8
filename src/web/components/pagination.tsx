import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./ui/button.js";

export interface PaginationLabels {
  nav: string;
  previous: string;
  next: string;
  /** "Page X of Y", numbers formatted for the reader. */
  page: (page: number, pages: number) => string;
}

/** Previous / next with "page X of Y"; hidden when everything fits on one page. Labels come from the caller's feature. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  labels,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  labels: PaginationLabels;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="flex flex-wrap items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        <ChevronLeft aria-hidden="true" />
        {labels.previous}
      </Button>
      <p className="text-sm text-muted-foreground">{labels.page(page, pages)}</p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {labels.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
