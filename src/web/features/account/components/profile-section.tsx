import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { ImageField } from "@/components/image-field/image-field.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useForm } from "@/hooks/use-form.js";
import type { SessionUser } from "@/lib/auth-client.js";
import { initials } from "@/lib/initials.js";
import { nameValidator } from "@/lib/validators.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { useUpdateProfile } from "../api/profile.js";
import { useImageFieldLabels } from "../hooks/use-image-field-labels.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** Name and picture, as the members of the user's organizations see them. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const { t } = useSettingsTranslation();
  const { t: appT } = useTranslation();
  const labels = useImageFieldLabels();
  const saveName = useUpdateProfile({ onSuccess: () => toast.success(t("profile.nameSaved")) });
  const savePicture = useUpdateProfile({
    onSuccess: (_, { image }) => toast.success(image ? t("profile.pictureSaved") : t("profile.pictureRemoved")),
  });
  const form = useForm({ defaults: { name: user.name }, validate: { name: nameValidator(appT) } });
  const changed = form.values.name.trim() !== user.name;
  useDocumentTitle(t("profile.title"));

  const onSubmit = form.handleSubmit(({ name }) => saveName.mutate({ name: name.trim() }));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("profile.title")}</CardTitle>
        <CardDescription>{t("profile.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <section aria-labelledby="profile-picture" className="grid gap-3">
          <h3 id="profile-picture" className="text-sm font-medium">
            {t("profile.picture")}
          </h3>
          <ImageField
            round
            value={user.image}
            labels={labels}
            fallback={
              <span className="text-xl font-medium" aria-hidden="true">
                {initials(user.name, user.email)}
              </span>
            }
            onSave={async (image) => {
              await savePicture.mutateAsync({ image });
            }}
          />
        </section>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-md" aria-label={t("profile.nameForm")}>
          <ApiErrorAlert error={saveName.error} />
          <FormField label={t("profile.name")} error={form.errors.name}>
            {(control) => (
              <Input autoComplete="name" maxLength={TEXT_LIMITS.user.name} {...control} {...form.field("name")} />
            )}
          </FormField>
          <div>
            <Button type="submit" loading={saveName.isPending} disabled={!changed}>
              {t("profile.saveName")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
