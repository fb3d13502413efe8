import { useId } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Input } from "@/components/ui/input.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { useMembers } from "../api/members.js";
import { useCreateTeam, useTeamRoster, useTeams } from "../api/teams.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { useTeamNameForm } from "../hooks/use-team-name-form.js";
import { FormError } from "./form-error.js";
import { TeamCard } from "./team-card.js";

/** The organization's teams and who is in each; creating, renaming and deleting follow docs/roles.md team rights. */
export function TeamsSection() {
  const { t } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  const teams = useTeams(organization.id);
  const roster = useTeamRoster(organization.id);
  const members = useMembers(organization.id);
  useDocumentTitle(t("teams.title", { organization: organization.name }));

  return (
    <div className="grid gap-6">
      {can({ team: ["create"] }) && <CreateTeamForm />}
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("teams.heading")}</CardTitle>
          <CardDescription>
            {roster.data?.limits.teamMembers
              ? t("teams.descriptionWithLimit", { count: roster.data.limits.teamMembers })
              : t("teams.description")}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {teams.isPending || roster.isPending || members.isPending ? (
            <Spinner label={t("common.loading")} />
          ) : teams.isError || roster.isError || members.isError ? (
            <ApiErrorAlert error={teams.error ?? roster.error ?? members.error} />
          ) : teams.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("teams.empty")}</p>
          ) : (
            <ul className="grid gap-4" aria-label={t("teams.listLabel")}>
              {teams.data.map((team) => (
                <TeamCard
                  key={team.id}
                  team={team}
                  memberIds={roster.data.teamMembers.filter((m) => m.teamId === team.id).map((m) => m.userId)}
                  members={members.data.members}
                  limit={roster.data.limits.teamMembers}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function CreateTeamForm() {
  const { t } = useOrgTranslation();
  const { organization } = useOrganizationScope();
  const form = useTeamNameForm("");
  const create = useCreateTeam(organization.id, {
    beforeRefetch: (_, value) => {
      toast.success(t("teams.created", { name: value }));
      form.clear("name");
    },
  });
  const id = useId();
  const problem = form.errors.name;
  const onSubmit = form.handleSubmit(({ name }) => create.mutate(name.trim()));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("teams.createTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:max-w-md" aria-label={t("teams.createTitle")}>
          <FormError error={create.error} />
          <label htmlFor={id} className="text-sm font-medium">
            {t("teams.name")}
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={id}
              {...form.field("name")}
              maxLength={TEXT_LIMITS.team.name}
              className="min-w-0 flex-1"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
            />
            <Button type="submit" loading={create.isPending}>
              {t("teams.create")}
            </Button>
          </div>
          {problem && (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
