import { type FormEvent, useRef, useState } from "react";
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
import { useCreateOrganization } from "../api/organizations.js";
import { useLogoFieldLabels } from "../hooks/use-image-field-labels.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { useSlugAvailability } from "../hooks/use-slug-availability.js";
import { NAME_MAX } from "../utils/limits.js";
import { entryProblems, type MetadataEntry, toRecord } from "../utils/metadata.js";
import { slugify, slugProblem } from "../utils/slug.js";
import { FormError } from "./form-error.js";
import { MetadataEditor } from "./metadata-editor.js";
import { OrganizationLogo } from "./organization-logo.js";
import { SlugField } from "./slug-field.js";

/** A new organization: name, address (checked as you type), logo and metadata; the creator becomes its owner. */
export function CreateOrganizationForm() {
  const { t } = useOrgTranslation();
  const navigate = useNavigate();
  const logoLabels = useLogoFieldLabels();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [logo, setLogo] = useState<string | null>(null);
  const [metadata, setMetadata] = useState<MetadataEntry[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateOrganization({
    onSuccess: (created) => {
      toast.success(t("create.done", { name: created.name }));
      navigate(paths.organization.getHref(created.slug));
    },
  });
  const nameInput = useRef<HTMLInputElement | null>(null);
  const slugInput = useRef<HTMLInputElement | null>(null);
  const slugStatus = useSlugAvailability(slug);
  useDocumentTitle(t("create.title"));

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
  const metadataInvalid = entryProblems(metadata).some(Boolean);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    create.reset();
    if (!name.trim() || name.trim().length > NAME_MAX) return nameInput.current?.focus();
    if (problem || slugStatus === "taken") return slugInput.current?.focus();
    if (metadataInvalid) return;
    create.mutate({ name: name.trim(), slug, logo, metadata: toRecord(metadata) });
  }

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
            <FormField label={t("fields.name")} error={nameError}>
              {(control) => (
                <Input
                  {...control}
                  ref={nameInput}
                  value={name}
                  maxLength={TEXT_LIMITS.organization.name}
                  autoComplete="organization"
                  onChange={(e) => {
                    setName(e.target.value);
                    if (!slugEdited) setSlug(slugify(e.target.value));
                  }}
                />
              )}
            </FormField>
            <SlugField
              value={slug}
              status={slugStatus}
              error={slugError}
              inputRef={(el) => {
                slugInput.current = el;
              }}
              onChange={(v) => {
                setSlugEdited(true);
                setSlug(v);
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
              onSave={async (url) => setLogo(url)}
            />
          </section>
          <MetadataEditor entries={metadata} onChange={setMetadata} showErrors={submitted} />
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
