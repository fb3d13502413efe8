import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ImageField } from "@/components/image-field/image-field.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useForm } from "@/hooks/use-form.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { useUpdateOrganization } from "../api/organizations.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useLogoFieldLabels } from "../hooks/use-image-field-labels.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { useSlugAvailability } from "../hooks/use-slug-availability.js";
import { toEntries, toRecord } from "../utils/metadata.js";
import { organizationChecks } from "../utils/organization-checks.js";
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
  // Checked on submit, then on every render until saved: the address may be found taken after the last
  // keystroke. The focus stays where it is.
  const form = useForm({
    defaults: { name: organization.name, slug: organization.slug, metadata: toEntries(organization.metadata) },
    validate: organizationChecks(t, () => slugStatus),
    revalidate: "live",
    focusInvalid: false,
  });
  const { slug, metadata } = form.values;
  const save = useUpdateOrganization(organization.id, {
    beforeRefetch: (_, { slug: next }) => {
      toast.success(t("general.saved"));
      if (next !== organization.slug) navigate(paths.organization.getHref(next ?? ""), { replace: true });
    },
    onSuccess: () => form.reset(),
  });
  const saveLogo = useUpdateOrganization(organization.id, {
    onSuccess: (_, { logo }) => void toast.success(logo ? t("logo.saved") : t("logo.removed")),
  });
  const slugStatus = useSlugAvailability(slug, organization.slug);
  useDocumentTitle(t("general.title", { organization: organization.name }));

  const submit = form.handleSubmit(({ name }) =>
    save.mutate({ name: name.trim(), slug, metadata: toRecord(metadata) }),
  );
  const onSubmit = (event: FormEvent) => {
    save.reset();
    void submit(event);
  };

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
            <FormField label={t("fields.name")} error={form.errors.name}>
              {(control) => <Input {...control} {...form.field("name")} maxLength={TEXT_LIMITS.organization.name} />}
            </FormField>
            <SlugField
              value={slug}
              status={slugStatus}
              error={form.errors.slug}
              disabled={!editable}
              onChange={(v) => form.setValue("slug", v)}
            />
          </fieldset>
          <MetadataEditor
            entries={metadata}
            onChange={(next) => form.setValue("metadata", next)}
            showErrors={form.submitted}
            disabled={!editable}
          />
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
