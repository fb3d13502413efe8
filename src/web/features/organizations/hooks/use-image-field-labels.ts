import type { ImageFieldLabels } from "@/components/image-field/image-field.js";
import { useOrgTranslation } from "./use-org-translation.js";

/** The picture field's texts for an organization logo. */
export function useLogoFieldLabels(): ImageFieldLabels {
  const { t } = useOrgTranslation();
  return {
    current: t("logo.current"),
    choose: t("logo.choose"),
    remove: t("logo.remove"),
    useLink: t("logo.useLink"),
    linkLabel: t("logo.linkLabel"),
    linkHint: t("logo.linkHint"),
    linkInvalid: t("logo.linkInvalid"),
    saveLink: t("logo.saveLink"),
    save: t("logo.save"),
    cancel: t("common.cancel"),
    preview: t("logo.preview"),
    zoom: t("logo.zoom"),
    horizontal: t("logo.horizontal"),
    vertical: t("logo.vertical"),
    typeError: t("logo.typeError"),
    sizeError: t("logo.sizeError"),
    unreadable: t("logo.unreadable"),
    tooComplex: t("logo.tooComplex"),
  };
}
