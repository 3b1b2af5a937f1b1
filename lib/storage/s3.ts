/**
 * STORAGE_URL=s3://bucket/prefix: any S3-compatible store through
 * @aws-sdk/client-s3. Uploads stream as multipart (lib-storage's Upload: 5 MB
 * parts, two in flight, so one upload holds about 10 MB whatever the file's
 * size); a failed upload aborts its multipart upload, leaving nothing.
 * Credentials come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or the
 * SDK's usual chain); S3_ENDPOINT, S3_REGION (default us-east-1) and
 * S3_FORCE_PATH_STYLE=true reach MinIO, Garage, R2, s3rver and the like.
 */
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { switchOn } from "@/lib/settings";
import { checkedKey } from "./keys";
import type { ObjectStore } from "./types";

export interface S3Location {
  bucket: string;
  prefix: string;
}

export function parseS3Url(url: string): S3Location {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) throw new Error(`STORAGE_URL ${JSON.stringify(url)} is not s3://bucket/prefix (bucket: 3-63 lowercase letters, digits, dots, dashes)`);
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : "" };
}

export function s3Store(url: string, env: NodeJS.ProcessEnv = process.env): ObjectStore {
  const { bucket, prefix } = parseS3Url(url);
  const client = new S3Client({
    region: env.S3_REGION || "us-east-1",
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: switchOn("S3_FORCE_PATH_STYLE", env),
    // Only when set: otherwise the SDK's own chain (instance roles, profiles).
    credentials: env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } : undefined,
  });
  const keyOf = (key: string) => prefix + checkedKey(key);
  return {
    kind: "s3",
    async put(key, body, contentType) {
      let size = 0;
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of body) {
            size += chunk.byteLength;
            yield chunk;
          }
        })(),
        { objectMode: false },
      );
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: keyOf(key), Body: counted, ContentType: contentType },
        partSize: 5 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        counted.destroy();
        // A single-part upload may already have written the object before the body failed.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) })).catch(() => undefined);
        throw error;
      }
      return size;
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return out.Body as Readable;
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
  };
}
