/**
 * The webhook scenario of the benchmark: submission throughput on
 * one server without a webhook and with one webhook on the same form (a
 * healthy local receiver), in PAIRS alternated on the same server — without,
 * with, without, with, … — so that neither half always gets the fresh server
 * or the later, bigger database, and a change in the neighbours' load shows
 * as one odd pair instead of deciding the figure; the ratio is the median of
 * the pairs' ratios, after a warm-up load that is not measured. "Without" is the same webhook disabled (PATCH enabled:
 * false): the submission path then runs no outbox statement, as with none.
 * Also the delivery latency (receipt − event time) p50/p99 of every delivery,
 * the outbox's pending rows sampled every second of each "with" load (the
 * backlog must not grow), when the last load stops and after a few seconds of
 * draining, and the distinct deliveries received against the submissions
 * answered 201 while the webhook was on.
 *
 * Also the CPU time each kind of load cost per submission answered 201, over
 * all pairs: the server process's (all its threads: the sender thread too)
 * and, on PostgreSQL, that of the backends connected to the bench's
 * database. On this shared machine the req/s of a run swing with the
 * neighbours' load; the CPU a submission costs moves far less, so it shows a
 * webhook's cost where the ratio of two rates cannot.
 *
 * Last, a delivery's CPU with no submission load beside it (drainBacklog): a
 * backlog of BACKLOG rows written while the webhook is off, then drained
 * once it is on. Under load a delivery's cost swings with everything it
 * shares two cores with; drained on a quiet server it is steadier, and it is
 * split by thread: the outbox thread, the rest of the server, the database's
 * backends and the receiver.
 */
import fs from "node:fs";
import { fork } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { APPLICATION_NAME } from "@/lib/db/url";
import { execDatabase, queryDatabase } from "../../tests/helpers/instances";
import { startServer } from "../../tests/setup/server";
import { postLoad, type Load } from "./measure";

export interface WebhookBench {
  /** The alternated pairs, in order. */
  pairs: { without: Load; with: Load }[];
  /** The median of the pairs' with ÷ without. */
  ratio: number;
  delivered: number;
  latencyP50: number;
  latencyP99: number;
  /** Distinct webhook-ids received by the end (after draining). */
  distinct: number;
  /** Per pair: the most pending rows sampled during its "with" load. */
  pendingDuring: number[];
  pendingAtEnd: number;
  pendingAfterDrain: number;
  /**
   * CPU ms per submission answered 201, without / with the webhook: the server (all threads; its main
   * thread alone, which runs the submissions and is what limits them), PostgreSQL's backends (null on SQLite):
   * the server's, and of those the outbox thread's connections', and the bench's receiver: it shares the
   * machine's cores with the server, as a receiver in life does not. `counterPerLoad`: the ms of the bench's
   * pending counter's backend per "with" load, not in `all`: it samples only then, and is the bench's.
   */
  cpu: {
    server: [number, number]; mainThread: [number, number]; receiver: [number, number];
    database: { all: [number, number]; outboxThread: [number, number]; counterPerLoad: number } | null;
  };
  /** Submissions answered 201 with the webhook on, the warm-up's included: every one must be delivered. */
  toDeliver: number;
  drain: Drain;
}

/** A backlog drained on a quiet server (drainBacklog): its rate, and CPU µs per delivery. */
export interface Drain {
  rows: number;
  perSecond: number;
  /**
   * µs per delivery: the server's busiest thread other than its main one (the outbox thread), the
   * rest of the server, the server's backends and of those the outbox thread's (null on SQLite),
   * the receiver.
   */
  cpu: { outboxThread: number; restOfServer: number; database: { all: number; outboxThread: number } | null; receiver: number };
}

/** Rows in the backlog that drainBacklog drains. */
const BACKLOG = 8_000;

const TICKS_PER_MS = 100 / 1000;

/** utime + stime from a /proc …/stat file, in ms (null when the process or thread is gone). */
function statCpuMs(file: string): number | null {
  try {
    const fields = fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return null;
  }
}

/** utime + stime of a process, all its threads (or only its main thread: `thread`), in ms (0 when it is gone). */
const cpuMs = (pid: number, thread = false): number => statCpuMs(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`) ?? 0;

/** utime + stime of each thread of a process, in ms. */
function threadCpuMs(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const ms = statCpuMs(`/proc/${pid}/task/${tid}/stat`);
    if (ms !== null) threads.set(tid, ms);
  }
  return threads;
}

/** Whose a backend is: the app's own pool, the outbox thread's (its application_name), or the bench's pending counter. */
const backendOwners = ["app", "outbox", "counter"] as const;
type BackendOwner = (typeof backendOwners)[number];
/** CPU ms spent by the backends of each owner. */
type BackendCpu = Record<BackendOwner, number>;
const noBackendCpu = (): BackendCpu => ({ app: 0, outbox: 0, counter: 0 });
/** Each backend's CPU ms so far, with its owner, by pid. */
type BackendReading = Map<number, { ms: number; owner: BackendOwner }>;

/**
 * CPU ms of each backend of the bench's PostgreSQL database (null on SQLite), with its owner, not
 * counting the connection that asks. `counter`: the pending counter's backend (the bench's own).
 */
async function backendCpuMs(databaseUrl: string, counter: number | null): Promise<BackendReading | null> {
  if (databaseUrl.startsWith("file:")) return null;
  const name = new URL(databaseUrl).pathname.slice(1);
  const rows = await queryDatabase<{ pid: number; application_name: string }>(databaseUrl,
    `SELECT pid, application_name FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  const ownerOf = (r: (typeof rows)[number]): BackendOwner => (r.pid === counter ? "counter" : r.application_name === APPLICATION_NAME.outbox ? "outbox" : "app");
  return new Map(rows.map((r) => [r.pid, { ms: cpuMs(r.pid), owner: ownerOf(r) }]));
}

/** The CPU spent between two backendCpuMs readings, in ms, by owner (null on SQLite). */
function backendCpuSpent(before: BackendReading | null, after: BackendReading | null): BackendCpu | null {
  if (!before || !after) return null;
  const spent = noBackendCpu();
  for (const [pid, { ms, owner }] of after) spent[owner] += ms - (before.get(pid)?.ms ?? 0);
  return spent;
}

/** The server's backends alone (the bench's counter left out), in ms. */
const serverBackends = (spent: BackendCpu) => spent.app + spent.outbox;

/**
 * The CPU a stretch of work cost the server, (PostgreSQL) the database's backends by owner and
 * the receiver, in ms.
 */
async function cpuDuring<T>(serverPid: number, receiverPid: number, databaseUrl: string, counterPid: number | null, work: () => Promise<T>): Promise<{ result: T; server: number; mainThread: number; database: BackendCpu | null; receiver: number }> {
  const before = await backendCpuMs(databaseUrl, counterPid);
  const serverBefore = cpuMs(serverPid);
  const mainBefore = cpuMs(serverPid, true);
  const receiverBefore = cpuMs(receiverPid);
  const result = await work();
  const receiver = cpuMs(receiverPid) - receiverBefore;
  const server = cpuMs(serverPid) - serverBefore;
  const mainThread = cpuMs(serverPid, true) - mainBefore;
  const database = backendCpuSpent(before, await backendCpuMs(databaseUrl, counterPid));
  return { result, server, mainThread, database, receiver };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** The receiver (scripts/bench/receiver.mjs), in its own process: not on the load generator's event loop. */
async function startReceiver() {
  const child = fork(path.join(import.meta.dirname, "receiver.mjs"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`webhook receiver exited (${code})`)));
  });
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}/hook`,
    report: () => new Promise<{ latencies: number[]; ids: number }>((resolve) => {
      child.once("message", (message) => resolve(message as { latencies: number[]; ids: number }));
      child.send("report");
    }),
    close: () => new Promise((resolve) => {
      child.once("exit", resolve);
      child.disconnect();
    }),
  };
}

/**
 * Counts the outbox's pending rows (sampled every second of a "with" load). On PostgreSQL on one
 * connection for the whole run (not a new backend per sample), and by a plain index scan, as the
 * claim does (lib/outbox/claim.ts): a bitmap scan reads the table for every delivered row's
 * leftover index entry since the last VACUUM — 30 ms a sample on this machine's autovacuum-less
 * server, CPU taken from the server it measures.
 */
async function pendingCounter(databaseUrl: string): Promise<{ count: () => Promise<number>; close: () => Promise<void>; pid: number | null }> {
  const statement = `SELECT count(*) AS n FROM "OutboxMessage" WHERE "status" = 'pending'`;
  if (databaseUrl.startsWith("file:")) {
    return { count: async () => Number((await queryDatabase<{ n: number }>(databaseUrl, statement))[0].n), close: async () => undefined, pid: null };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("SET enable_bitmapscan = off");
  const pid = Number((await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid);
  return { count: async () => Number((await client.query<{ n: string }>(statement)).rows[0].n), close: () => client.end(), pid };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Writes BACKLOG rows of `response.finished` for the webhook while it is off (straight into the
 * outbox, as the submissions' transactions write them; dated as their responses, so already due),
 * turns it on and waits until none is pending: the rate, and the CPU per delivery by thread.
 */
async function drainBacklog(
  databaseUrl: string, serverPid: number, receiverPid: number, formId: string, hookId: string,
  setEnabled: (enabled: boolean) => Promise<void>, counter: { count: () => Promise<number>; pid: number | null },
): Promise<Drain> {
  const pending = counter.count;
  // Our own generated ids, checked before they go into the statement (execDatabase takes no parameters).
  for (const id of [formId, hookId]) if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`unexpected id ${id}`);
  await setEnabled(false);
  await execDatabase(databaseUrl, [`
    INSERT INTO "OutboxMessage" ("id", "channel", "webhookId", "formId", "event", "payload", "status", "attempts", "nextAttemptAt", "createdAt")
    SELECT 'msg_backlog_' || "id", 'webhook', '${hookId}', "formId", 'response.finished', '{"responseId":"' || "id" || '"}', 'pending', 0, "createdAt", "createdAt"
    FROM "Response" WHERE "formId" = '${formId}' AND "finished" = ${databaseUrl.startsWith("file:") ? 1 : "true"} LIMIT ${BACKLOG}`]);
  const rows = await pending();
  // The pending counter's backend (polled below) is the bench's, counted apart.
  const backends = () => backendCpuMs(databaseUrl, counter.pid);
  const threadsBefore = threadCpuMs(serverPid);
  const backendsBefore = await backends();
  const receiverBefore = cpuMs(receiverPid);
  const started = Date.now();
  await setEnabled(true);
  while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 100));
  const ms = Date.now() - started;
  const threadsAfter = threadCpuMs(serverPid);
  const backendsAfter = await backends();
  const receiver = cpuMs(receiverPid) - receiverBefore;
  const spent = [...threadsAfter].filter(([tid]) => tid !== String(serverPid)).map(([tid, after]) => after - (threadsBefore.get(tid) ?? 0));
  const outboxThread = Math.max(0, ...spent);
  const server = [...threadsAfter].reduce((sum, [tid, after]) => sum + after - (threadsBefore.get(tid) ?? 0), 0);
  const database = backendCpuSpent(backendsBefore, backendsAfter);
  const perDelivery = (cpu: number) => (cpu * 1000) / rows;
  return {
    rows, perSecond: (rows * 1000) / ms,
    cpu: {
      outboxThread: perDelivery(outboxThread), restOfServer: perDelivery(server - outboxThread), receiver: perDelivery(receiver),
      database: database && { all: perDelivery(serverBackends(database)), outboxThread: perDelivery(database.outbox) },
    },
  };
}

export async function benchWebhooks(
  databaseUrl: string, writeKey: string, form: { id: string; slug: string }, body: unknown, seconds: number, pairs: number, log: (line: string) => void,
): Promise<WebhookBench> {
  const receiver = await startReceiver();
  const profileDir = process.env.BENCH_WEBHOOK_CPU_PROF;
  const server = await startServer(databaseUrl, { SUBMISSION_RATE_LIMIT: "0", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }, profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []);
  const submitUrl = `${server.baseUrl}/api/public/forms/${form.slug}/responses`;
  const headers = { authorization: `Bearer ${writeKey}`, "content-type": "application/json" };
  const counter = await pendingCounter(databaseUrl);
  const pending = counter.count;
  const drained = async (maxMs: number) => {
    const until = Date.now() + maxMs;
    while ((await pending()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
  };
  let hookId: string | null = null;
  try {
    // One request first, so neither load pays for the server's first request.
    await fetch(submitUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const created = await fetch(`${server.baseUrl}/api/forms/${form.id}/webhooks`, { method: "POST", headers, body: JSON.stringify({ url: receiver.url }) });
    if (created.status !== 201) throw new Error(`webhook: ${created.status} ${await created.text()}`);
    hookId = ((await created.json()) as { webhook: { id: string } }).webhook.id;
    const setEnabled = async (enabled: boolean) => {
      const res = await fetch(`${server.baseUrl}/api/forms/${form.id}/webhooks/${hookId}`, { method: "PATCH", headers, body: JSON.stringify({ enabled }) });
      if (res.status !== 200) throw new Error(`webhook PATCH: ${res.status} ${await res.text()}`);
    };

    const runs: { without: Load; with: Load }[] = [];
    const pendingDuring: number[] = [];
    const cpu = { server: [0, 0], mainThread: [0, 0], receiver: [0, 0] };
    let backendCpu: [BackendCpu, BackendCpu] | null = [noBackendCpu(), noBackendCpu()];
    const add = (half: 0 | 1, run: Awaited<ReturnType<typeof cpuDuring>>) => {
      cpu.server[half] += run.server;
      cpu.mainThread[half] += run.mainThread;
      cpu.receiver[half] += run.receiver;
      if (backendCpu && run.database) for (const owner of backendOwners) backendCpu[half][owner] += run.database[owner];
      else backendCpu = null;
    };
    let pendingAtEnd = 0;
    // A load first, not measured, with the webhook on: a fresh server is slower for its first
    // seconds of load (code not yet optimised, pools filling), which gave the first pair's
    // "without" half a slow start and its ratio a lift (0.88–1.02 where later pairs gave 0.66–0.91).
    log(`webhooks: a ${seconds} s warm-up load, not measured …`);
    const warmUp = await postLoad(submitUrl, body, seconds);
    await drained(30_000);
    for (let pair = 1; pair <= pairs; pair++) {
      await setEnabled(false);
      log(`webhooks: pair ${pair} of ${pairs}, submission load without the webhook …`);
      const withoutRun = await cpuDuring(server.process.pid!, receiver.pid, databaseUrl, counter.pid, () => postLoad(submitUrl, body, seconds));
      add(0, withoutRun);
      await setEnabled(true);
      log(`webhooks: pair ${pair} of ${pairs}, the same load with the webhook …`);
      const samples: number[] = [];
      const sampler = setInterval(() => void pending().then((n) => samples.push(n)), 1_000);
      const withRun = await cpuDuring(server.process.pid!, receiver.pid, databaseUrl, counter.pid, () => postLoad(submitUrl, body, seconds).finally(() => clearInterval(sampler)));
      add(1, withRun);
      pendingDuring.push(Math.max(0, ...samples));
      runs.push({ without: withoutRun.result, with: withRun.result });
      if (pair < pairs) await drained(30_000);
      else pendingAtEnd = await pending();
    }
    await new Promise((r) => setTimeout(r, 5_000));
    const pendingAfterDrain = await pending();
    const received = await receiver.report();
    // After the report: the backlog's deliveries carry their responses' old timestamps, not latencies.
    log(`webhooks: a backlog of ${BACKLOG.toLocaleString("en-US")} deliveries drained with no load …`);
    const drain = await drainBacklog(databaseUrl, server.process.pid!, receiver.pid, form.id, hookId, setEnabled, counter);
    const sorted = received.latencies.sort((a, b) => a - b);
    const okWithout = runs.reduce((sum, r) => sum + r.without.ok, 0);
    const withOk = runs.reduce((sum, r) => sum + r.with.ok, 0);
    const perSubmission = ([without, withHook]: number[]): [number, number] => [without / okWithout, withHook / withOk];
    return {
      pairs: runs, ratio: median(runs.map((r) => r.with.rps / r.without.rps)),
      delivered: sorted.length, latencyP50: percentile(sorted, 50), latencyP99: percentile(sorted, 99),
      distinct: received.ids, pendingDuring, pendingAtEnd, pendingAfterDrain,
      // The warm-up ran with the webhook on: its submissions are delivered too.
      toDeliver: withOk + warmUp.ok,
      cpu: {
        server: perSubmission(cpu.server), mainThread: perSubmission(cpu.mainThread), receiver: perSubmission(cpu.receiver),
        database: backendCpu && {
          all: perSubmission(backendCpu.map(serverBackends)), outboxThread: perSubmission(backendCpu.map((b) => b.outbox)), counterPerLoad: backendCpu[1].counter / runs.length,
        },
      },
      drain,
    };
  } finally {
    // Leaves the seeded form as it was for a --reuse run.
    if (hookId) await fetch(`${server.baseUrl}/api/forms/${form.id}/webhooks/${hookId}`, { method: "DELETE", headers: { authorization: `Bearer ${writeKey}` } }).catch(() => undefined);
    await server.stop();
    await receiver.close();
    await counter.close();
  }
}
