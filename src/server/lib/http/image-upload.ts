import type { Context } from 'hono';

/**
 * The file of an image upload route (app.ts `isImageUpload`): the body is the file's bytes, its name
 * comes in `?name=` (only ever shown in messages, core/images.ts). The app's body limit has already
 * refused a body over the upload limit.
 */
export async function readImageUpload(c: Context): Promise<{ bytes: Uint8Array; fileName: string | undefined }> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return { bytes, fileName: c.req.query('name') || undefined };
}
