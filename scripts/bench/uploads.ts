/**
 * The upload scenario of the benchmark, on the local disk:
 * one 100 MB file (UPLOAD_MAX_FILE_MB raised) and 20 concurrent 10 MB files
 * through POST /api/public/forms/:slug/files, each body generated as it is
 * sent. Figures: MB/s to disk (bytes ÷ wall time, end to end through HTTP)
 * and the server's RSS growth (peak during the upload − before), sampled
 * from /proc every 20 ms.
 *
 *   npm run bench -- --uploads            (builds .next-bench if needed)
 *   NEXT_DIST_DIR=.next-test npx tsx scripts/bench/uploads.ts   (an existing build)
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "../../tests/setup/database";
import { startServer, type RunningServer } from "../../tests/setup/server";

const root = path.resolve(import.meta.dirname, "../..");
const MB = 1024 * 1024;
const BOUNDARY = "----formloom-bench";

export interface UploadBench {
  single: { mb: number; seconds: number; mbPerS: number; rssGrowthMb: number };
  concurrent: { files: number; mbEach: number; seconds: number; mbPerS: number; rssGrowthMb: number; failures: number };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

function body(total: number): ReadableStream<Uint8Array> {
  const start = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
  const end = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const block = randomBytes(MB);
  let sent = 9;
  let started = false;
  return new ReadableStream({
    pull(c) {
      if (!started) {
        started = true;
        c.enqueue(start);
      } else if (sent >= total) {
        c.enqueue(end);
        c.close();
      } else {
        const n = Math.min(block.length, total - sent);
        c.enqueue(block.subarray(0, n));
        sent += n;
      }
    },
  });
}

async function uploadOnce(url: string, bytes: number): Promise<boolean> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, cookie: `fl_rid=${randomBytes(16).toString("base64url")}` },
    body: body(bytes),
    duplex: "half",
  } as RequestInit);
  await res.text();
  return res.status === 201;
}

async function measured<T>(server: RunningServer, work: () => Promise<T>) {
  const pid = server.process.pid!;
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - t0) / 1000, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

export async function benchUploads(log: (line: string) => void): Promise<UploadBench> {
  const database = await createTestDatabase("sqlite", "bench-uploads");
  const folder = mkdtempSync(path.join(tmpdir(), "formloom-bench-uploads-"));
  const admin = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args], {
      cwd: root, env: { ...process.env, DATABASE_URL: database.url }, encoding: "utf8",
    });
  admin("create-user", "--email", "bench@example.test", "--password", "correct horse battery staple");
  const key = admin("create-key", "--email", "bench@example.test", "--name", "bench", "--scope", "write").trim().split("\n").pop()!;
  const server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0", UPLOAD_MAX_FILE_MB: "200", UPLOAD_MAX_FORM_MB: "100000", STORAGE_URL: `file:${folder}` });
  try {
    const api = async (method: string, p: string, b?: unknown) => {
      const res = await fetch(server.baseUrl + p, { method, headers: { authorization: `Bearer ${key}`, ...(b ? { "content-type": "application/json" } : {}) }, body: b ? JSON.stringify(b) : undefined });
      return res.json() as Promise<any>;
    };
    const { form } = await api("POST", "/api/forms", { title: "Uploads" });
    await api("PUT", `/api/forms/${form.id}/version/draft`, { title: "Uploads", questions: [{ key: "f", type: "file-upload", title: "File", maxFileSizeMB: 150 }] });
    const published = await api("POST", `/api/forms/${form.id}/publish`);
    const url = `${server.baseUrl}/api/public/forms/${published.form.slug}/files?question=f`;
    await uploadOnce(url, MB); // warm-up: the route's first request
    log("uploads: one 100 MB file …");
    const single = await measured(server, () => uploadOnce(url, 100 * MB));
    if (!single.result) throw new Error("the 100 MB upload failed");
    log("uploads: 20 concurrent 10 MB files …");
    const many = await measured(server, async () => (await Promise.all(Array.from({ length: 20 }, () => uploadOnce(url, 10 * MB)))).filter((ok) => !ok).length);
    return {
      single: { mb: 100, seconds: single.seconds, mbPerS: 100 / single.seconds, rssGrowthMb: single.growth },
      concurrent: { files: 20, mbEach: 10, seconds: many.seconds, mbPerS: 200 / many.seconds, rssGrowthMb: many.growth, failures: many.result },
    };
  } finally {
    await server.stop();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

export function uploadRows(b: UploadBench): string[][] {
  const yes = (ok: boolean) => (ok ? "yes" : "NO");
  return [
    ["One 100 MB upload to disk", `${b.single.mbPerS.toFixed(0)} MB/s (${b.single.seconds.toFixed(2)} s)`, "≥ 50 MB/s", yes(b.single.mbPerS >= 50)],
    ["  server RSS growth", `${b.single.rssGrowthMb.toFixed(1)} MB`, "< 50 MB", yes(b.single.rssGrowthMb < 50)],
    ["20 concurrent 10 MB uploads to disk", `${b.concurrent.mbPerS.toFixed(0)} MB/s in all (${b.concurrent.seconds.toFixed(2)} s, ${b.concurrent.failures} failed)`, "≥ 50 MB/s", yes(b.concurrent.mbPerS >= 50 && b.concurrent.failures === 0)],
    ["  server RSS growth", `${b.concurrent.rssGrowthMb.toFixed(1)} MB`, "< 50 MB", yes(b.concurrent.rssGrowthMb < 50)],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchUploads((line) => console.error(line));
  for (const row of uploadRows(result)) console.log(row.join(" | "));
}
