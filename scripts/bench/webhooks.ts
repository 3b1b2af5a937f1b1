/**
 * The webhook scenario of the benchmark (issue 14): submission throughput on
 * one server without a webhook, then with one webhook on the same form and a
 * healthy local receiver; the delivery latency (receipt − event time) p50/p99
 * of the deliveries made during that load; the outbox's pending rows sampled
 * every second of that load (the backlog must not grow), when the load
 * stops and after a few seconds of draining; and the distinct deliveries
 * received against the submissions answered 201.
 *
 * Also the CPU time each load cost per submission answered 201: the server
 * process's (all its threads: the sender thread too) and, on PostgreSQL,
 * that of the backends connected to the bench's database. On this shared
 * machine the req/s of a run swing with the neighbours' load; the CPU a
 * submission costs moves far less, so it shows a webhook's cost where the
 * ratio of two 10 s rates cannot.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { queryDatabase } from "../../tests/helpers/instances";
import { startServer } from "../../tests/setup/server";
import { postLoad, type Load } from "./measure";

export interface WebhookBench {
  without: Load;
  with: Load;
  delivered: number;
  latencyP50: number;
  latencyP99: number;
  /** Distinct webhook-ids received by the end (after draining). */
  distinct: number;
  pendingDuring: number[];
  pendingAtEnd: number;
  pendingAfterDrain: number;
  /**
   * CPU ms per submission answered 201, without / with the webhook: the server (all threads; its main
   * thread alone, which runs the submissions and is what limits them), PostgreSQL's backends (null on SQLite).
   */
  cpu: { server: [number, number]; mainThread: [number, number]; database: [number, number] | null };
}

const TICKS_PER_MS = 100 / 1000;

/** utime + stime of a process, all its threads (or only its main thread: `thread`), in ms (0 when it is gone). */
function cpuMs(pid: number, thread = false): number {
  try {
    const fields = fs.readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return 0;
  }
}

/** The CPU a stretch of work cost the server and (PostgreSQL) the database's backends, in ms. */
async function cpuDuring<T>(serverPid: number, databaseUrl: string, work: () => Promise<T>): Promise<{ result: T; server: number; mainThread: number; database: number | null }> {
  const backends = async () => {
    if (databaseUrl.startsWith("file:")) return null;
    const name = new URL(databaseUrl).pathname.slice(1);
    const rows = await queryDatabase<{ pid: number }>(databaseUrl, `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
    return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
  };
  const before = await backends();
  const serverBefore = cpuMs(serverPid);
  const mainBefore = cpuMs(serverPid, true);
  const result = await work();
  const server = cpuMs(serverPid) - serverBefore;
  const mainThread = cpuMs(serverPid, true) - mainBefore;
  const after = await backends();
  const database = after && before ? [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0) : null;
  return { result, server, mainThread, database };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function startReceiver() {
  const latencies: number[] = [];
  const ids = new Set<string>();
  const server = http.createServer((req, res) => {
    ids.add(String(req.headers["webhook-id"]));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { timestamp: string };
      latencies.push(Date.now() - Date.parse(event.timestamp));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, latencies, ids, close: () => new Promise((r) => server.close(r)) };
}

export async function benchWebhooks(databaseUrl: string, writeKey: string, form: { id: string; slug: string }, body: unknown, seconds: number, log: (line: string) => void): Promise<WebhookBench> {
  const receiver = await startReceiver();
  const profileDir = process.env.BENCH_WEBHOOK_CPU_PROF;
  const server = await startServer(databaseUrl, { SUBMISSION_RATE_LIMIT: "0", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }, profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []);
  const submitUrl = `${server.baseUrl}/api/public/forms/${form.slug}/responses`;
  const pending = async () =>
    Number((await queryDatabase<{ n: number | string }>(databaseUrl, `SELECT count(*) AS n FROM "OutboxMessage" WHERE "status" = 'pending'`))[0].n);
  try {
    // One request first, so neither load pays for the server's first request.
    await fetch(submitUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    log("webhooks: submission load without a webhook …");
    const withoutRun = await cpuDuring(server.process.pid!, databaseUrl, () => postLoad(submitUrl, body, seconds));
    const without = withoutRun.result;
    const created = await fetch(`${server.baseUrl}/api/forms/${form.id}/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${writeKey}`, "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url }),
    });
    if (created.status !== 201) throw new Error(`webhook: ${created.status} ${await created.text()}`);
    const hook = (await created.json()) as { webhook: { id: string } };
    log("webhooks: the same load with one webhook …");
    const pendingDuring: number[] = [];
    const sampler = setInterval(() => void pending().then((n) => pendingDuring.push(n)), 1_000);
    const withRun = await cpuDuring(server.process.pid!, databaseUrl, () => postLoad(submitUrl, body, seconds).finally(() => clearInterval(sampler)));
    const withHook = withRun.result;
    const pendingAtEnd = await pending();
    await new Promise((r) => setTimeout(r, 5_000));
    const pendingAfterDrain = await pending();
    const sorted = [...receiver.latencies].sort((a, b) => a - b);
    // Leaves the seeded form as it was for a --reuse run.
    await fetch(`${server.baseUrl}/api/forms/${form.id}/webhooks/${hook.webhook.id}`, { method: "DELETE", headers: { authorization: `Bearer ${writeKey}` } });
    return {
      without, with: withHook, delivered: sorted.length, latencyP50: percentile(sorted, 50), latencyP99: percentile(sorted, 99),
      distinct: receiver.ids.size, pendingDuring, pendingAtEnd, pendingAfterDrain,
      cpu: {
        server: [withoutRun.server / without.ok, withRun.server / withHook.ok],
        mainThread: [withoutRun.mainThread / without.ok, withRun.mainThread / withHook.ok],
        database: withoutRun.database === null || withRun.database === null ? null : [withoutRun.database / without.ok, withRun.database / withHook.ok],
      },
    };
  } finally {
    await server.stop();
    await receiver.close();
  }
}
