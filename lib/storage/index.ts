/**
 * The one object store of this process, chosen by STORAGE_URL:
 * `file:<folder>` (default `file:./data/uploads`) or `s3://bucket/prefix`.
 * Every instance of a multi-instance install must point at the same store
 * (one bucket, or one shared volume), so any instance serves any file.
 */
import { diskStore } from "./disk";
import { s3Store } from "./s3";
import type { ObjectStore } from "./types";

export type { ObjectStore } from "./types";
export { objectKey, type StoredKind } from "./keys";

export const DEFAULT_STORAGE_URL = "file:./data/uploads";

export function storeFor(url: string, env: NodeJS.ProcessEnv = process.env): ObjectStore {
  if (url.startsWith("file:")) return diskStore(url.slice("file:".length).replace(/^\/\/(?=\/)/, ""));
  if (url.startsWith("s3://")) return s3Store(url, env);
  throw new Error(`STORAGE_URL must start with file: or s3:// (got ${JSON.stringify(url)})`);
}

const globalForStore = globalThis as unknown as { formloomStore?: { url: string; store: ObjectStore } };

export function storage(): ObjectStore {
  const url = process.env.STORAGE_URL || DEFAULT_STORAGE_URL;
  if (globalForStore.formloomStore?.url !== url) globalForStore.formloomStore = { url, store: storeFor(url) };
  return globalForStore.formloomStore.store;
}
