import { Search, X } from "lucide-react";
import { useEffect, useId } from "react";
import { Button } from "@/components/ui/button.js";
import { Input } from "@/components/ui/input.js";
import { Label } from "@/components/ui/label.js";
import { NativeSelect } from "@/components/ui/native-select.js";
import { useForm } from "@/hooks/use-form.js";
import type { UserSearch } from "../api/users.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { DEFAULT_USER_SEARCH } from "../hooks/use-user-search-params.js";
import { siteRoleName } from "../lib/labels.js";

const TYPING_PAUSE_MS = 300;

const SORTS = {
  newest: { sortBy: "createdAt", sortDirection: "desc" },
  oldest: { sortBy: "createdAt", sortDirection: "asc" },
  emailAsc: { sortBy: "email", sortDirection: "asc" },
  emailDesc: { sortBy: "email", sortDirection: "desc" },
  nameAsc: { sortBy: "name", sortDirection: "asc" },
  nameDesc: { sortBy: "name", sortDirection: "desc" },
} as const;
type SortKey = keyof typeof SORTS;

const sortKeyOf = (s: UserSearch) =>
  (Object.keys(SORTS) as SortKey[]).find(
    (k) => SORTS[k].sortBy === s.sortBy && SORTS[k].sortDirection === s.sortDirection,
  ) ?? "newest";

/**
 * The search box (searches as you pause typing, or at once on Enter) and the filters, applied as they
 * change. Every control has a visible label.
 */
export function UserSearchForm({
  search,
  roles,
  onChange,
}: {
  search: UserSearch;
  roles: readonly string[];
  onChange: (patch: Partial<UserSearch>, options?: { replace?: boolean }) => void;
}) {
  const { t } = useAdminTranslation();
  const id = useId();
  // The box's text; the filters below have no draft, they change the URL at once.
  const form = useForm({ defaults: { q: search.q } });
  const text = form.values.q;

  // The URL changed under us (back button, "clear"): show what it says.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL's search sets the box.
  useEffect(() => form.setValue("q", search.q), [search.q]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the pause.
  useEffect(() => {
    if (text.trim() === search.q.trim()) return;
    const timer = setTimeout(() => onChange({ q: text }, { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const submit = form.handleSubmit(({ q }) => {
    if (q.trim() !== search.q.trim()) onChange({ q });
  });

  const filtered = search.q !== "" || search.role !== "" || search.banned !== "" || search.emailVerified !== "";

  return (
    <search aria-label={t("users.search.formLabel")}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-q`}>{t("users.search.label")}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${id}-q`}
              type="search"
              className="pl-9"
              {...form.field("q")}
              maxLength={320}
              autoComplete="off"
              spellCheck={false}
              placeholder={t("users.search.placeholder")}
              aria-describedby={`${id}-q-hint`}
            />
          </div>
          <p id={`${id}-q-hint`} className="text-sm text-muted-foreground">
            {t("users.search.hint")}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-role`}>{t("users.filters.role")}</Label>
            <NativeSelect id={`${id}-role`} value={search.role} onChange={(e) => onChange({ role: e.target.value })}>
              <option value="">{t("users.filters.anyRole")}</option>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {siteRoleName(r, t)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-banned`}>{t("users.filters.status")}</Label>
            <NativeSelect
              id={`${id}-banned`}
              value={search.banned}
              onChange={(e) => onChange({ banned: e.target.value as UserSearch["banned"] })}
            >
              <option value="">{t("users.filters.anyStatus")}</option>
              <option value="true">{t("users.filters.banned")}</option>
              <option value="false">{t("users.filters.notBanned")}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-verified`}>{t("users.filters.verification")}</Label>
            <NativeSelect
              id={`${id}-verified`}
              value={search.emailVerified}
              onChange={(e) => onChange({ emailVerified: e.target.value as UserSearch["emailVerified"] })}
            >
              <option value="">{t("users.filters.anyVerification")}</option>
              <option value="true">{t("users.filters.verified")}</option>
              <option value="false">{t("users.filters.unverified")}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-sort`}>{t("users.filters.sort")}</Label>
            <NativeSelect
              id={`${id}-sort`}
              value={sortKeyOf(search)}
              onChange={(e) => onChange({ ...SORTS[e.target.value as SortKey] })}
            >
              <option value="newest">{t("users.sort.newest")}</option>
              <option value="oldest">{t("users.sort.oldest")}</option>
              <option value="emailAsc">{t("users.sort.emailAsc")}</option>
              <option value="emailDesc">{t("users.sort.emailDesc")}</option>
              <option value="nameAsc">{t("users.sort.nameAsc")}</option>
              <option value="nameDesc">{t("users.sort.nameDesc")}</option>
            </NativeSelect>
          </div>
        </div>
        {filtered && (
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                form.setValue("q", "");
                onChange({ ...DEFAULT_USER_SEARCH, sortBy: search.sortBy, sortDirection: search.sortDirection });
              }}
            >
              <X aria-hidden="true" />
              {t("users.filters.clear")}
            </Button>
          </div>
        )}
      </form>
    </search>
  );
}
