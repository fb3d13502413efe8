import { CircleAlert, CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { NativeSelect } from "@/components/ui/native-select.js";
import { useForm } from "@/hooks/use-form.js";
import { type InviteOutcome, useInviteMembers } from "../api/invitations.js";
import { useTeams } from "../api/teams.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useDescribeError } from "../hooks/use-describe-error.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { MAX_BULK_INVITES, parseEmails } from "../utils/emails.js";
import { isOwner } from "../utils/permissions.js";
import { RoleChoices, useRoleChoices } from "./role-choices.js";

/**
 * Invite one address or paste many: each is checked here first, then sent as its own request, and
 * every address gets its own line saying what happened to it.
 */
export function InviteForm() {
  const { t } = useOrgTranslation();
  const describeError = useDescribeError();
  const { organization, me } = useOrganizationScope();
  const teams = useTeams(organization.id);
  const form = useForm({ defaults: { text: "", roles: ["member"] as string[], teamId: "" } });
  // What the last submit found wrong with the form (said under the addresses); choosing roles clears it.
  const [problem, setProblem] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<InviteOutcome[]>([]);
  const invite = useInviteMembers({
    beforeRefetch: (out) => {
      setOutcomes(out);
      // Keep the ones that failed in the box, to fix and send again.
      form.setValue(
        "text",
        out
          .filter((r) => r.invalid || r.error)
          .map((r) => r.email)
          .join("\n"),
      );
    },
  });
  const id = useId();
  // docs/roles.md and the engine: only an owner may invite someone as owner; nobody hands out a role beyond
  // their own permissions (docs/roles.md). Custom roles too, several at once.
  const choices = useRoleChoices();
  const offered = choices.names.filter((r) => !choices.beyond.includes(r) && (r !== "owner" || isOwner(me.role)));

  const onSubmit = form.handleSubmit(({ text, roles, teamId }) => {
    const emails = parseEmails(text);
    if (emails.length === 0) return setProblem(t("invite.required"));
    if (emails.length > MAX_BULK_INVITES) return setProblem(t("invite.tooMany", { count: MAX_BULK_INVITES }));
    if (roles.length === 0) return setProblem(t("members.roleRequired"));
    setProblem(null);
    // Over the server's send limit (429) the rest are not sent: they stay in the box.
    invite.mutate({
      organizationId: organization.id,
      emails,
      role: roles,
      teamId: teamId || undefined,
      onEach: setOutcomes,
    });
  });

  const results = outcomes.map(({ email, invalid, error }) => ({
    email,
    ok: !invalid && !error,
    message: invalid ? t("invite.invalidEmail") : error ? describeError(error) : t("invite.sent"),
  }));
  const sent = results.filter((r) => r.ok).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("invite.title")}</CardTitle>
        <CardDescription>{t("invite.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t("invite.title")}>
          <div className="grid gap-2">
            <label htmlFor={`${id}-emails`} className="text-sm font-medium">
              {t("invite.emails")}
            </label>
            <textarea
              id={`${id}-emails`}
              rows={3}
              {...form.field("text")}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-emails-hint${problem ? ` ${id}-emails-error` : ""}`}
              placeholder="ada@example.com, grace@example.com"
              className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring aria-invalid:border-destructive sm:text-sm"
            />
            <p id={`${id}-emails-hint`} className="text-sm text-muted-foreground">
              {t("invite.emailsHint", { count: MAX_BULK_INVITES })}
            </p>
            {problem && (
              <p id={`${id}-emails-error`} className="text-sm font-medium text-destructive">
                {problem}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:max-w-lg">
            <RoleChoices
              idPrefix={`${id}-role`}
              legend={t("invite.roles")}
              names={offered}
              permissionsOf={choices.permissionsOf}
              selected={form.values.roles}
              onChange={(next) => {
                setProblem(null);
                form.setValue("roles", next);
              }}
            />
            <div className="grid gap-2">
              <label htmlFor={`${id}-team`} className="text-sm font-medium">
                {t("invite.team")}
              </label>
              <NativeSelect id={`${id}-team`} {...form.field("teamId")}>
                <option value="">{t("invite.noTeam")}</option>
                {teams.data?.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div>
            <Button type="submit" loading={invite.isPending}>
              {t("invite.submit")}
            </Button>
          </div>
        </form>
        {results.length > 0 && (
          <section aria-live="polite" aria-label={t("invite.resultsLabel")} className="grid gap-2">
            {/* The noun agrees with the total: "1 of 2 invitations sent" (issue 22 item 4). */}
            <p className="text-sm font-medium">{t("invite.summary", { count: results.length, sent })}</p>
            <ul className="grid gap-1 text-sm">
              {results.map((r) => (
                <li key={r.email} className={`flex items-start gap-2 ${r.ok ? "text-success" : "text-destructive"}`}>
                  {r.ok ? (
                    <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  ) : (
                    <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  )}
                  <span className="break-all">
                    <span className="font-medium">{r.email}</span>: {r.message}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
