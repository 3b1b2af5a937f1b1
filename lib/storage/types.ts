import type { Readable } from "node:stream";

/**
 * Where file bytes live: the local disk (`file:`) or any S3-compatible store
 * (`s3://`). Keys are ours (`<kind>/<id>`, lib/storage/keys.ts), never a
 * client's file name.
 */
export interface ObjectStore {
  readonly kind: "disk" | "s3";
  /** Streams `body` to `key`; resolves with the bytes written. A body that throws leaves nothing behind. */
  put(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  /** The object's bytes as a stream; null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
}
