import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type Crop, encodeSquare } from "@/lib/image-resize.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { UploadedImage } from "@/shared/uploads.js";

/** POST /api/uploads: stores a small image (an avatar or a logo) and answers with the URL to save. */
function uploadImage(image: Blob) {
  return fetchJson<UploadedImage>(paths.api.uploads, {
    method: "POST",
    headers: { "Content-Type": image.type },
    body: image,
  });
}

/** Whether a picture URL may be saved: https anywhere, or an image this app serves itself. */
export function isAcceptableImageUrl(value: string, origin = window.location.origin): boolean {
  try {
    const url = new URL(value);
    if (url.origin === origin) return url.pathname.startsWith(`${paths.api.uploads}/`);
    return url.protocol === "https:";
  } catch {
    return false;
  }
}

/** What the image field (components/image-field) saves: a picture and its crop (uploaded first), an address, or null (none). */
export type ImageChoice = { image: ImageBitmap; crop: Crop } | string | null;

/**
 * Saving the image field's choice: a picture is cropped, shrunk and uploaded (POST /api/uploads), then the
 * screen's `onSave` stores its URL (or the address, or null) where it belongs, refetching what it shows.
 */
export function useSaveImage(
  onSave: (url: string | null) => Promise<unknown>,
  config?: MutationConfig<unknown, ImageChoice>,
) {
  return useFeatureMutation(
    async (choice: ImageChoice) =>
      onSave(
        choice !== null && typeof choice === "object"
          ? (await uploadImage(await encodeSquare(choice.image, choice.crop))).url
          : choice,
      ),
    () => [],
    config,
  );
}
