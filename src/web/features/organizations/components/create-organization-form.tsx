import { type FormEvent, useState } from "react";
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
import { useCreateOrganization } from "../api/organizations.js";
import { useLogoFieldLabels } from "../hooks/use-image-field-labels.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { useSlugAvailability } from "../hooks/use-slug-availability.js";
import { type MetadataEntry, toRecord } from "../utils/metadata.js";
import { organizationChecks } from "../utils/organization-checks.js";
import { slugify } from "../utils/slug.js";
import { FormError } from "./form-error.js";
import { MetadataEditor } from "./metadata-editor.js";
import { OrganizationLogo } from "./organization-logo.js";
import { SlugField } from "./slug-field.js";

/** A new organization: name, address (checked as you type), logo and metadata; the creator becomes its owner. */
export function CreateOrganizationForm() {
  const { t } = useOrgTranslation();
  const navigate = useNavigate();
  const logoLabels = useLogoFieldLabels();
  // Until the address is typed in, it follows the name.
  const [slugEdited, setSlugEdited] = useState(false);
  const create = useCreateOrganization({
    onSuccess: (created) => {
      toast.success(t("create.done", { name: created.name }));
      navigate(paths.organization.getHref(created.slug));
    },
  });
  // Checked on submit, then on every render: the address may be found taken after the last keystroke.
  const form = useForm({
    defaults: { name: "", slug: "", logo: null as string | null, metadata: [] as MetadataEntry[] },
    validate: organizationChecks(t, () => slugStatus),
    revalidate: "live",
  });
  const { slug, logo, metadata } = form.values;
  const slugStatus = useSlugAvailability(slug);
  useDocumentTitle(t("create.title"));

  const submit = form.handleSubmit(({ name }) =>
    create.mutate({ name: name.trim(), slug, logo, metadata: toRecord(metadata) }),
  );
  const onSubmit = (event: FormEvent) => {
    create.reset();
    void submit(event);
  };
  const nameField = form.field("name");

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("create.title")}</CardTitle>
        <CardDescription>{t("create.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t("create.title")}>
          <FormError error={create.error} />
          <div className="grid gap-4 sm:max-w-md">
            <FormField label={t("fields.name")} error={form.errors.name}>
              {(control) => (
                <Input
                  {...control}
                  {...nameField}
                  maxLength={TEXT_LIMITS.organization.name}
                  autoComplete="organization"
                  onChange={(e) => {
                    nameField.onChange(e);
                    if (!slugEdited) form.setValue("slug", slugify(e.target.value));
                  }}
                />
              )}
            </FormField>
            <SlugField
              value={slug}
              status={slugStatus}
              error={form.errors.slug}
              inputRef={form.field("slug").ref}
              onChange={(v) => {
                setSlugEdited(true);
                form.setValue("slug", v);
              }}
            />
          </div>
          <section aria-labelledby="create-logo" className="grid gap-3">
            <h2 id="create-logo" className="text-sm font-medium">
              {t("logo.title")}
            </h2>
            <ImageField
              value={logo}
              labels={logoLabels}
              fallback={<OrganizationLogo className="size-full border-0" />}
              onSave={async (url) => form.setValue("logo", url)}
            />
          </section>
          <MetadataEditor
            entries={metadata}
            onChange={(next) => form.setValue("metadata", next)}
            showErrors={form.submitted}
          />
          <div>
            <Button type="submit" loading={create.isPending}>
              {t("create.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
