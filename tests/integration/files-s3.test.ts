/** The files suite on a real S3-compatible server (s3rver, started here on a random port). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "../setup/server";
import { filesSuite } from "./files-suite";

const BUCKET = "formloom-files";
const PREFIX = "tenant-a";
const folder = mkdtempSync(path.join(tmpdir(), "formloom-s3-"));
let s3: { close(): Promise<void> };
let client: S3Client;
let port = 0;

beforeAll(async () => {
  port = await freePort();
  const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory: folder, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await server.run();
  s3 = server;
  client = new S3Client({ region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

filesSuite("S3 (s3rver)", () => ({
  env: {
    STORAGE_URL: `s3://${BUCKET}/${PREFIX}`,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
  },
  keys: async () => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}/`, ContinuationToken: token }));
      for (const o of page.Contents ?? []) keys.push(o.Key!.slice(PREFIX.length + 1));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  },
  read: async (key) => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${key}` }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch {
      return null;
    }
  },
}));
