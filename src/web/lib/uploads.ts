import type { UploadedImage } from "../../shared/uploads.js";
import { paths } from "../config/paths.js";
import { fetchJson } from "./api-error.js";

/** POST /api/uploads: stores a small image (an avatar or a logo) and answers with the URL to save. */
export function uploadImage(image: Blob) {
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
