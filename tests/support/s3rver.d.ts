// s3rver ships no types: the part of its API the tests use.
declare module 's3rver' {
  type S3rverOptions = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
  };
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
