import { api, readJson } from '../../../lib/api-client';

/** The Test button: the server's check of the link's shape (nothing is saved). */
export async function testReviewLink(url: string): Promise<{ url: string; message: string }> {
  return readJson(await api['review-link'].test.$post({ json: { url } }));
}
