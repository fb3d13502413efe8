import { Search, TriangleAlert } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Input } from "@/components/ui/input.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useMembers } from "../api/members.js";
import { useTeamRoster } from "../api/teams.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { MemberRow } from "./member-row.js";

/** Everyone in the organization, searchable by name or address, with what the user's role lets them change. */
export function MembersSection() {
  const { t } = useOrgTranslation();
  const { organization } = useOrganizationScope();
  const members = useMembers(organization.id);
  const roster = useTeamRoster(organization.id);
  const [query, setQuery] = useState("");
  const searchId = useId();
  useDocumentTitle(t("members.title", { organization: organization.name }));

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = members.data?.members ?? [];
    return q ? all.filter((m) => m.user.name.toLowerCase().includes(q) || m.user.email.toLowerCase().includes(q)) : all;
  }, [members.data, query]);
  const total = members.data?.total ?? 0;
  const limit = roster.data?.limits.membership;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("members.heading")}</CardTitle>
        <CardDescription>
          {limit ? t("members.countWithLimit", { count: total, limit }) : t("members.count", { count: total })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {limit !== undefined && total >= limit && (
          <Alert variant="destructive" role="status">
            <TriangleAlert aria-hidden="true" />
            <AlertTitle>{t("members.limitTitle")}</AlertTitle>
            <AlertDescription>
              <p>{t("members.limitDescription", { count: limit })}</p>
            </AlertDescription>
          </Alert>
        )}
        <div className="relative sm:max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            {t("members.search")}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={t("members.searchPlaceholder")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {members.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : members.isError ? (
          <ApiErrorAlert error={members.error} />
        ) : shown.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("members.noMatch", { query: query.trim() })}
          </p>
        ) : (
          <ul className="grid gap-3" aria-label={t("members.listLabel")}>
            {shown.map((m) => (
              <MemberRow key={m.id} member={m} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
