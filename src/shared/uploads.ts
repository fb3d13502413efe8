/** POST /api/uploads (src/server/routes/uploads/): the stored image, and the URL to save as an avatar or logo. */
export interface UploadedImage {
  id: string;
  url: string;
}
