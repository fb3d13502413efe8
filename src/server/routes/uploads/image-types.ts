/** The image types an avatar or logo may be: raster formats every browser shows and none can run script. */
export const IMAGE_TYPES = ["image/png", "image/webp", "image/jpeg"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Largest image accepted: the web app sends a 256×256 picture, which fits with room to spare. */
export const MAX_IMAGE_BYTES = 100 * 1024;

export function isImageType(value: string): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value);
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The type the bytes really are (by their signature), whatever the request claimed. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  return undefined;
}

export const EXTENSIONS: Record<ImageType, string> = { "image/png": "png", "image/webp": "webp", "image/jpeg": "jpg" };
