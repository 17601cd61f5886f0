// The part of s3rver (a local S3 server, no types of its own) the cluster check uses.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    /** Starts the server; answers the address it listens on. */
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
  }
}
