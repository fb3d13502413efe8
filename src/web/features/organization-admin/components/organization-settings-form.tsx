import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { TEXT_LIMITS } from "../../../../shared/input-limits.js";
import { ImageField } from "../../../components/image-field/image-field.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { FormField } from "../../../components/ui/form-field.js";
import { Input } from "../../../components/ui/input.js";
import { paths } from "../../../config/paths.js";
import { useDocumentTitle } from "../../../hooks/use-document-title.js";
import { useUpdateOrganization } from "../api/organizations.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useLogoFieldLabels } from "../hooks/use-image-field-labels.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { useSlugAvailability } from "../hooks/use-slug-availability.js";
import { NAME_MAX } from "../utils/limits.js";
import { entryProblems, toEntries, toRecord } from "../utils/metadata.js";
import { slugProblem } from "../utils/slug.js";
import { FormError } from "./form-error.js";
import { MetadataEditor } from "./metadata-editor.js";
import { OrganizationLogo } from "./organization-logo.js";
import { SlugField } from "./slug-field.js";

/** Name, address, logo and metadata; owners and admins change them (docs/roles.md organization: update), others read them. */
export function OrganizationSettingsForm() {
  const { t } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  const navigate = useNavigate();
  const logoLabels = useLogoFieldLabels();
  const editable = can({ organization: ["update"] });
  const [name, setName] = useState(organization.name);
  const [slug, setSlug] = useState(organization.slug);
  const [metadata, setMetadata] = useState(() => toEntries(organization.metadata));
  const [submitted, setSubmitted] = useState(false);
  const save = useUpdateOrganization(organization.id, {
    beforeRefetch: (_, { slug: next }) => {
      toast.success(t("general.saved"));
      if (next !== organization.slug) navigate(paths.organization.getHref(next ?? ""), { replace: true });
    },
    onSuccess: () => setSubmitted(false),
  });
  const saveLogo = useUpdateOrganization(organization.id, {
    onSuccess: (_, { logo }) => void toast.success(logo ? t("logo.saved") : t("logo.removed")),
  });
  const slugStatus = useSlugAvailability(slug, organization.slug);
  useDocumentTitle(t("general.title", { organization: organization.name }));

  const nameError = !submitted
    ? undefined
    : !name.trim()
      ? t("validation.nameRequired")
      : name.trim().length > NAME_MAX
        ? t("validation.nameTooLong", { count: NAME_MAX })
        : undefined;
  const problem = slugProblem(slug);
  const slugError = !submitted
    ? undefined
    : problem
      ? t(`slug.${problem}`)
      : slugStatus === "taken"
        ? t("slug.taken", { slug })
        : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    save.reset();
    if (!name.trim() || name.trim().length > NAME_MAX || problem || slugStatus === "taken") return;
    if (entryProblems(metadata).some(Boolean)) return;
    save.mutate({ name: name.trim(), slug, metadata: toRecord(metadata) });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("general.heading")}</CardTitle>
        <CardDescription>{editable ? t("general.description") : t("general.readOnly")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <section aria-labelledby="organization-logo" className="grid gap-3">
          <h3 id="organization-logo" className="text-sm font-medium">
            {t("logo.title")}
          </h3>
          <ImageField
            value={organization.logo}
            disabled={!editable}
            labels={logoLabels}
            fallback={<OrganizationLogo className="size-full border-0" />}
            onSave={async (logo) => {
              await saveLogo.mutateAsync({ logo });
            }}
          />
        </section>
        <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t("general.heading")}>
          <FormError error={save.error} />
          <fieldset disabled={!editable} className="grid gap-4 sm:max-w-md">
            <legend className="sr-only">{t("general.heading")}</legend>
            <FormField label={t("fields.name")} error={nameError}>
              {(control) => (
                <Input
                  {...control}
                  value={name}
                  maxLength={TEXT_LIMITS.organization.name}
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </FormField>
            <SlugField value={slug} status={slugStatus} error={slugError} disabled={!editable} onChange={setSlug} />
          </fieldset>
          <MetadataEditor entries={metadata} onChange={setMetadata} showErrors={submitted} disabled={!editable} />
          {editable && (
            <div>
              <Button type="submit" loading={save.isPending}>
                {t("general.save")}
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
