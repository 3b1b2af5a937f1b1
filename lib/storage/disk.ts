/**
 * STORAGE_URL=file:<folder> (default file:./data/uploads). Each object is one
 * file, <folder>/<kind>/<id>, written to a temporary name first and renamed
 * when complete, so a reader never sees half a file and a failed upload leaves
 * nothing. Several instances may share the folder (a shared volume): writes
 * never overwrite (ids are unique) and renames are atomic.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkedKey } from "./keys";
import type { ObjectStore } from "./types";

export function diskStore(folder: string): ObjectStore {
  const root = path.resolve(folder);
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    kind: "disk",
    async put(key, body) {
      const file = fileOf(key);
      const temp = `${file}.partial`;
      await mkdir(path.dirname(file), { recursive: true });
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.byteLength;
          done(null, chunk);
        },
      });
      try {
        await pipeline(Readable.from(body, { objectMode: false }), count, createWriteStream(temp, { flags: "wx" }));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return size;
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file, { highWaterMark: 256 * 1024 });
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
