import { useId, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { Button } from "@/components/ui/button.js";
import { Input } from "@/components/ui/input.js";
import { NativeSelect } from "@/components/ui/native-select.js";
import { useForm } from "@/hooks/use-form.js";
import { latestError } from "@/lib/query-client.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { useAddTeamMember, useRemoveTeam, useRemoveTeamMember, useRenameTeam } from "../api/teams.js";
import type { Member, Team } from "../api/types.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { useTeamNameForm } from "../hooks/use-team-name-form.js";
import { FormError } from "./form-error.js";
import { MemberAvatar } from "./member-avatar.js";

/**
 * One team: its members, and for those allowed, rename (team: update), delete (team: delete), add a
 * member (member: update) and take one out (member: delete), as the engine checks them.
 */
export function TeamCard({
  team,
  memberIds,
  members,
  limit,
}: {
  team: Team;
  memberIds: string[];
  members: Member[];
  limit: number | null;
}) {
  const { t } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  const [renaming, setRenaming] = useState(false);
  const addForm = useForm({ defaults: { adding: "" } });
  const { adding } = addForm.values;
  const id = useId();
  const inTeam = members.filter((m) => memberIds.includes(m.userId));
  const others = members.filter((m) => !memberIds.includes(m.userId));
  const full = limit !== null && inTeam.length >= limit;
  const nameOf = (userId: string) => {
    const m = members.find((x) => x.userId === userId);
    return m ? m.user.name || m.user.email : userId;
  };

  const remove = useRemoveTeam(organization.id, team.id, {
    beforeRefetch: () => toast.success(t("teams.deleted", { team: team.name })),
  });
  const rename = useRenameTeam(organization.id, team.id, {
    beforeRefetch: (_, name) => toast.success(t("teams.renamed", { team: name })),
    onSuccess: () => setRenaming(false),
  });
  const add = useAddTeamMember(organization.id, team.id, {
    beforeRefetch: (_, userId) => toast.success(t("teams.memberAdded", { name: nameOf(userId), team: team.name })),
    onSuccess: () => addForm.clear("adding"),
  });
  const takeOut = useRemoveTeamMember(organization.id, team.id, {
    beforeRefetch: (_, userId) => toast.success(t("teams.memberRemoved", { name: nameOf(userId), team: team.name })),
  });
  // One call at a time per team; the error line shows the latest one's.
  const busy = remove.isPending || rename.isPending || add.isPending || takeOut.isPending;
  const error = latestError(remove, rename, add, takeOut);

  const onAdd = addForm.handleSubmit(() => {
    const member = others.find((m) => m.userId === adding);
    if (member) add.mutate(member.userId);
  });

  return (
    <li className="grid gap-4 rounded-lg border p-4" data-team={team.name}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 id={`${id}-name`} className="font-semibold break-words">
            {team.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            {limit !== null
              ? t("teams.memberCountWithLimit", { count: inTeam.length, limit })
              : t("teams.memberCount", { count: inTeam.length })}
          </p>
        </div>
        {!renaming && (
          <div className="flex gap-2">
            {can({ team: ["update"] }) && (
              <Button
                variant="outline"
                size="sm"
                aria-label={t("teams.renameLabel", { team: team.name })}
                onClick={() => setRenaming(true)}
              >
                {t("teams.rename")}
              </Button>
            )}
            {can({ team: ["delete"] }) && (
              <ConfirmDialog
                cancelLabel={t("common.cancel")}
                trigger={
                  <Button
                    variant="outline"
                    size="sm"
                    loading={remove.isPending}
                    disabled={busy}
                    aria-label={t("teams.deleteLabel", { team: team.name })}
                  >
                    {t("teams.delete")}
                  </Button>
                }
                title={t("teams.deleteConfirmTitle", { team: team.name })}
                description={t("teams.deleteConfirmDescription")}
                confirmLabel={t("teams.delete")}
                destructive
                onConfirm={() => remove.mutate()}
              />
            )}
          </div>
        )}
      </div>
      {renaming && (
        <RenameForm
          team={team}
          onDone={(name) => (name === null ? setRenaming(false) : rename.mutate(name))}
          pending={rename.isPending}
        />
      )}
      <FormError error={error} />
      {inTeam.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("teams.noMembers")}</p>
      ) : (
        <ul className="grid gap-2" aria-labelledby={`${id}-name`}>
          {inTeam.map((m) => {
            const name = m.user.name || m.user.email;
            return (
              <li key={m.userId} className="flex items-center gap-3 text-sm">
                <MemberAvatar user={m.user} />
                <span className="grid min-w-0 flex-1">
                  <span className="font-medium break-words">{name}</span>
                  <span className="text-muted-foreground break-all">{m.user.email}</span>
                </span>
                {can({ member: ["delete"] }) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={takeOut.isPending && takeOut.variables === m.userId}
                    disabled={busy}
                    aria-label={t("teams.removeMemberLabel", { name, team: team.name })}
                    onClick={() => takeOut.mutate(m.userId)}
                  >
                    {t("teams.removeMember")}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {can({ member: ["update"] }) && others.length > 0 && (
        <form
          onSubmit={onAdd}
          className="flex flex-wrap items-end gap-2"
          aria-label={t("teams.addLabel", { team: team.name })}
        >
          <div className="grid min-w-48 flex-1 gap-1 sm:max-w-xs">
            <label htmlFor={`${id}-add`} className="text-sm font-medium">
              {t("teams.addMember")}
            </label>
            <NativeSelect id={`${id}-add`} {...addForm.field("adding")}>
              <option value="">{t("teams.choose")}</option>
              {others.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.user.name ? `${m.user.name} (${m.user.email})` : m.user.email}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" loading={add.isPending} disabled={!adding || busy}>
            {t("teams.add")}
          </Button>
          {full && <p className="w-full text-sm text-muted-foreground">{t("teams.full", { count: limit ?? 0 })}</p>}
        </form>
      )}
    </li>
  );
}

function RenameForm({
  team,
  pending,
  onDone,
}: {
  team: Team;
  pending: boolean;
  onDone: (name: string | null) => void;
}) {
  const { t } = useOrgTranslation();
  const form = useTeamNameForm(team.name);
  const problem = form.errors.name;
  const id = useId();
  return (
    <form
      noValidate
      className="grid gap-2 sm:max-w-md"
      aria-label={t("teams.renameLabel", { team: team.name })}
      onSubmit={form.handleSubmit(({ name }) => onDone(name.trim()))}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {t("teams.newName")}
      </label>
      <Input
        id={id}
        {...form.field("name")}
        maxLength={TEXT_LIMITS.team.name}
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={pending}>
          {t("teams.saveName")}
        </Button>
        <Button size="sm" variant="outline" disabled={pending} onClick={() => onDone(null)}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
