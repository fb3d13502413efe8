import { type Crop, encodeSquare } from "@/lib/image-resize.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { uploadImage } from "@/lib/uploads.js";

/** What the image field saves: a picture and its crop (uploaded first), an address, or null (none). */
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
