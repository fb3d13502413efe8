/**
 * Square crops of a picture, drawn and encoded in the browser: the server only ever receives a small
 * square image (an avatar or a logo), never the multi-megabyte photo it came from.
 */

/** Zoom 1 shows the largest square that fits; x and y move the square within the picture, -1 to 1. */
export interface Crop {
  zoom: number;
  x: number;
  y: number;
}

export const DEFAULT_CROP: Crop = { zoom: 1, x: 0, y: 0 };
export const MAX_ZOOM = 4;

/** What the server accepts (src/server/routes/uploads/image-types.ts). */
const MAX_UPLOAD_BYTES = 100 * 1024;
export const ACCEPTED_SOURCE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "image/bmp"];
/** A source photo larger than this is refused before decoding: phones make 5-15 MB pictures. */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** The square of the source picture the crop shows, in source pixels. */
export function cropRect(width: number, height: number, crop: Crop) {
  const side = Math.min(width, height) / clamp(crop.zoom, 1, MAX_ZOOM);
  const cx = width / 2 + clamp(crop.x, -1, 1) * ((width - side) / 2);
  const cy = height / 2 + clamp(crop.y, -1, 1) * ((height - side) / 2);
  return { sx: cx - side / 2, sy: cy - side / 2, side };
}

/** Draws the crop onto a square canvas of `size` pixels. */
export function drawCrop(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource & { width: number; height: number },
  crop: Crop,
  size: number,
) {
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.clearRect(0, 0, size, size);
  const { sx, sy, side } = cropRect(image.width, image.height, crop);
  ctx.drawImage(image, sx, sy, side, side, 0, 0, size, size);
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * The crop as a square WebP (PNG where the browser cannot write WebP) of at most `maxBytes`: lower
 * quality first, then fewer pixels. Rejects when even the smallest attempt is too big.
 */
export async function encodeSquare(
  image: CanvasImageSource & { width: number; height: number },
  crop: Crop,
  { size = 256, maxBytes = MAX_UPLOAD_BYTES } = {},
): Promise<Blob> {
  const canvas = document.createElement("canvas");
  for (const side of [size, Math.round(size * 0.75), Math.round(size / 2)]) {
    drawCrop(canvas, image, crop, side);
    for (const quality of [0.9, 0.8, 0.65, 0.5]) {
      const blob = await toBlob(canvas, "image/webp", quality);
      if (!blob) break;
      if (blob.size <= maxBytes) return blob;
      // No WebP writer: the browser fell back to PNG, for which quality means nothing.
      if (blob.type !== "image/webp") break;
    }
  }
  throw new Error("image-too-large");
}

/** Whether a picked file is worth decoding: an image type we can read, and not absurdly large. */
export function checkSourceFile(file: File): "ok" | "type" | "size" {
  if (!ACCEPTED_SOURCE_TYPES.includes(file.type)) return "type";
  if (file.size > MAX_SOURCE_BYTES) return "size";
  return "ok";
}
