import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * The body-size limit, without asking the request for its body stream when it can be avoided: hono's
 * bodyLimit does so first, which makes Node's server adapter build a whole web Request and read every
 * body through web streams. In order:
 * - a body already read (the input guard keeps its text in the request's body cache): its length;
 * - a declared Content-Length (Node's parser reads exactly that many bytes): the declared length;
 * - a chunked body, with no declared length: counted as it streams in, by hono's bodyLimit.
 */
export function limitBodySize(maxSize: number, onError: (c: Context) => Response | Promise<Response>) {
  const streamed = bodyLimit({ maxSize, onError });
  return async (c: Context, next: Next): Promise<Response | void> => {
    const read = c.req.bodyCache.text;
    const declared = c.req.header('content-length');
    if (read) {
      if (Buffer.byteLength(await read) > maxSize) return onError(c);
    } else if (declared === undefined || c.req.header('transfer-encoding') !== undefined) {
      return streamed(c, next);
    } else if (Number(declared) > maxSize) {
      return onError(c);
    }
    await next();
  };
}
