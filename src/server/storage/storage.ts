import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';

/**
 * Where generated files (QR PNGs) live. Keys look like `qr/{restaurant id}/{qr id}.png`.
 * Files are served by the app at /storage/{key}, whichever backend holds them.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

export function createStorage(env: Env): FileStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(path.join(env.DATA_DIR, 'storage'));
}

/** Refuses keys that could climb out of the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(resolve(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

export function createS3Storage(options: {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}): FileStorage {
  // The AWS SDK is large: it loads at the first file operation, and never on instances without S3.
  let sdk: Promise<{ client: import('@aws-sdk/client-s3').S3Client; s3: typeof import('@aws-sdk/client-s3') }> | null = null;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: !!options.endpoint,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      const { client, s3 } = await connect();
      await client.send(new s3.PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'no-cache' }));
    },
    async get(key) {
      assertSafeKey(key);
      const { client, s3 } = await connect();
      try {
        const result = await client.send(new s3.GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return result.Body ? await result.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof s3.NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      const { client, s3 } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
