import type { ImageFieldLabels } from "@/components/image-field/image-field.js";
import { useSettingsTranslation } from "./use-settings-translation.js";

/** The picture field's texts for a profile picture. */
export function useImageFieldLabels(): ImageFieldLabels {
  const { t } = useSettingsTranslation();
  return {
    current: t("imageField.current"),
    choose: t("imageField.choose"),
    remove: t("imageField.remove"),
    useLink: t("imageField.useLink"),
    linkLabel: t("imageField.linkLabel"),
    linkHint: t("imageField.linkHint"),
    linkInvalid: t("imageField.linkInvalid"),
    saveLink: t("imageField.saveLink"),
    save: t("imageField.save"),
    cancel: t("imageField.cancel"),
    preview: t("imageField.preview"),
    zoom: t("imageField.zoom"),
    horizontal: t("imageField.horizontal"),
    vertical: t("imageField.vertical"),
    typeError: t("imageField.typeError"),
    sizeError: t("imageField.sizeError"),
    unreadable: t("imageField.unreadable"),
    tooComplex: t("imageField.tooComplex"),
  };
}
