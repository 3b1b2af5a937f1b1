/**
 * npm run bench -- [--n 1000000] [--db sqlite|postgresql] [--pg-url URL]
 *                  [--dist-dir .next-bench] [--rebuild] [--profile] [--keep]
 *                  [--seed-only | --reuse] [--state FILE]
 *                  [--seconds 10] [--webhooks-only] [--webhook-pairs 5] [--logic] [--uploads]
 *
 * Seeds N responses into a fresh database, starts the production server on
 * it, measures, and prints ONE table. Every target that has a floor is a
 * ratio to it, measured in the same run (absolute figures beside): submission
 * throughput next to the two floors (bare node:http + better-sqlite3, bare
 * Next.js route handler + the same INSERT), the CSV export next to the export
 * floor and the search page next to the search floor (scripts/bench/floors.ts:
 * the same rows / the same trigram lookup straight on the driver). Also:
 * analytics, the responses page, the server's peak RSS during the export, and
 * the dashboard's server render of the big form's pages (signed in).
 * Not part of npm test.
 *
 * --dist-dir: where the app is built (default .next-bench); it is built again
 *   when it is older than its sources (buildApp), and always with --rebuild.
 * --db postgresql: a fresh database on --pg-url (default TEST_DATABASE_URL).
 * --seed-only: seed, keep the database, write what was seeded to
 *   --state (default: <tmp>/formloom-bench-<db>.json) and stop. Seeding a
 *   million responses takes 10–20 minutes; it can run while the machine is busy.
 * --reuse: measure on the database described by --state instead of seeding
 *   (it is kept). Measure on a quiet machine.
 * --seconds: length of each submission load (default 10).
 * --uploads: only the upload scenario (scripts/bench/uploads.ts): one 100 MB
 *   and 20 concurrent 10 MB uploads to disk, MB/s and the server's RSS growth.
 * --submissions-only: only the submission load and the two floors (no reads,
 *   webhook or logic scenario).
 * --reads-only: only the reads (analytics, responses pages, search and the
 *   dashboard, the export with its floor and peak RSS); no submission loads.
 * --webhooks-only: only the webhook scenario (scripts/bench/webhooks.ts):
 *   throughput without and with one webhook, delivery latency, outbox size.
 * --webhook-pairs: how many alternated without/with pairs that scenario
 *   runs (default 5; its ratio is their median).
 * --logic: only the logic scenario (scripts/bench/logic.ts): computePath on
 *   a 100-question form with logic on every question, and submission
 *   throughput on it next to the same form without logic (the full run ends
 *   with it too). `--n 1000 --logic` seeds little and measures it in ~1 min.
 * --profile: afterwards, one more submission run with the server under
 *   `node --cpu-prof`, and a summary of where its CPU time went.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database";
import { freePort, startServer, type RunningServer } from "../../tests/setup/server";
import { probes, submissionBody } from "./data";
import type { Seeded } from "./seed";
import { peakRssMb, postLoad, resetPeakRss, rssMb, startChild, streamExport, timeGet, type Load } from "./measure";
import { summarizeProfile } from "./profile";
import { exportFloor, searchFloor } from "./floors";
import { benchDashboard } from "./dashboard";
import { benchLogic } from "./logic";
import { benchWebhooks } from "./webhooks";
import { benchUploads, uploadRows } from "./uploads";

const root = path.resolve(import.meta.dirname, "../..");
const floorApp = path.join(root, "scripts/bench/floor-app");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: "1000000" },
    db: { type: "string", default: "sqlite" },
    "pg-url": { type: "string" },
    "dist-dir": { type: "string", default: ".next-bench" },
    rebuild: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    "seed-only": { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    state: { type: "string" },
    seconds: { type: "string", default: "10" },
    "webhooks-only": { type: "boolean", default: false },
    "webhook-pairs": { type: "string", default: "5" },
    "reads-only": { type: "boolean", default: false },
    "submissions-only": { type: "boolean", default: false },
    logic: { type: "boolean", default: false },
    uploads: { type: "boolean", default: false },
  },
  strict: true,
});
const n = Number(args.n);
if (!Number.isInteger(n) || n < 1000) throw new Error("--n must be a whole number ≥ 1000");
if (args.db !== "sqlite" && args.db !== "postgresql") throw new Error("--db must be sqlite or postgresql");
const kind = args.db;
const seconds = Number(args.seconds);
const webhookPairs = Number(args["webhook-pairs"]);
if (!Number.isInteger(webhookPairs) || webhookPairs < 1) throw new Error("--webhook-pairs must be a whole number ≥ 1");
if (!Number.isInteger(seconds) || seconds < 1) throw new Error("--seconds must be a whole number ≥ 1");
if (kind === "postgresql") {
  process.env.TEST_DATABASE_URL = args["pg-url"] ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
}
process.env.NEXT_DIST_DIR = args["dist-dir"];
process.env.NEXT_TELEMETRY_DISABLED = "1";
const log = (line: string) => console.error(line);

/**
 * The app is measured as `npm run build` makes it: with the files built outside Next
 * (scripts/build-respondent.ts) — the public page, and the threads that the outbox, the
 * webhook sender and the SQLite checkpointer run on. Without them the app still runs, all on
 * its one thread, and a bench of a fresh checkout measured that instead.
 */
function buildRespondent() {
  log("app: build:respondent …");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/build-respondent.ts"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`build:respondent failed:\n${result.stdout}\n${result.stderr}`);
}

function build(label: string, argv: string[], env: Record<string, string>, buildIdFile: string, force = args.rebuild) {
  if (!force && fs.existsSync(buildIdFile)) return log(`${label}: using the build in ${path.dirname(buildIdFile)}`);
  log(`${label}: next build …`);
  const result = spawnSync(process.execPath, [nextBin, "build", ...argv], { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${label} build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * What the app's build is made from. A build older than any of it is made again: the bench
 * measures the code as it is. Reusing the old build measured the code before a change, and
 * silently so for the threads: Next bundles the files of build:respondent into its own
 * chunks, so a fresh build:respondent alone left the server on the old thread code.
 * (public/ is served as it is, not built.)
 */
const BUILD_INPUTS = [
  "app", "components", "lib", "prisma", "next.config.mjs", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts",
  "package-lock.json", "scripts/build-respondent.ts",
];

/** The newest modification time in a file or folder (ms since epoch; 0 when it is missing). */
function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return stat?.mtimeMs ?? 0;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

/** The app under test, with the files `npm run build` makes before `next build` (above). */
function buildApp() {
  const buildId = path.join(root, args["dist-dir"]!, "BUILD_ID");
  const builtAt = fs.statSync(buildId, { throwIfNoEntry: false })?.mtimeMs;
  const stale = builtAt !== undefined && BUILD_INPUTS.some((entry) => newestChange(path.join(root, entry)) > builtAt);
  if (stale) log(`app: the sources changed since the build in ${path.dirname(buildId)}: building again`);
  const fresh = args.rebuild || stale;
  if (fresh || !fs.existsSync(path.join(root, ".respondent", "manifest.json"))) buildRespondent();
  build("app", [], {}, buildId, fresh);
}

function machine(): string {
  const cpu = /model name\s*:\s*(.*)/.exec(fs.readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? os.cpus()[0]?.model;
  return `${os.cpus().length} cores (nproc ${execFileSync("nproc").toString().trim()}), ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

const stateFile = args.state ?? path.join(os.tmpdir(), `formloom-bench-${kind}.json`);

async function seedDatabase(): Promise<{ database: TestDatabase; seeded: Seeded }> {
  log(`database: fresh ${kind}`);
  const database = await createTestDatabase(kind, "bench");
  process.env.DATABASE_URL = database.url;
  // The owner and forms go through the app's modules, which read DATABASE_URL on import.
  const { seed } = await import("./seed");
  log(`seeding ${n.toLocaleString("en-US")} responses …`);
  const seeded = await seed(database.url, n, log);
  log(`seeded in ${seeded.seconds.toFixed(0)} s: ${seeded.rows.responses} responses, ${seeded.rows.answers} answers, ${seeded.rows.views} views`);
  if (args["seed-only"]) {
    fs.writeFileSync(stateFile, JSON.stringify({ kind, url: database.url, seeded }, null, 2), { mode: 0o600 });
    log(`kept the database; --reuse measures it (state in ${stateFile})`);
  }
  return { database, seeded };
}

function reuseDatabase(): { database: TestDatabase; seeded: Seeded } {
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as { kind: string; url: string; seeded: Seeded };
  if (state.kind !== kind) throw new Error(`${stateFile} describes a ${state.kind} database; pass --db ${state.kind}`);
  log(`database: ${state.url}, seeded earlier with ${state.seeded.rows.responses.toLocaleString("en-US")} responses`);
  process.env.DATABASE_URL = state.url;
  return { database: { url: state.url, drop: async () => {} }, seeded: state.seeded };
}

async function main() {
  if (args.uploads) {
    // The upload scenario needs no seeded database: its own, and its own folder.
    buildApp();
    const result = await benchUploads(log);
    console.log("| What | Result | Target | Met |\n|---|---|---|---|");
    for (const r of uploadRows(result)) console.log(`| ${r.join(" | ")} |`);
    return;
  }
  const { database, seeded } = args.reuse ? reuseDatabase() : await seedDatabase();
  if (args["seed-only"]) return;
  buildApp();
  const floorDist = ".next-floor";
  if (!args["webhooks-only"] && !args.logic && !args["reads-only"]) build("framework floor", [floorApp], { FLOOR_DIST_DIR: floorDist }, path.join(floorApp, floorDist, "BUILD_ID"));

  const rows: string[][] = [];
  const row = (what: string, result: string, target = "", met?: boolean) => rows.push([what, result, target, met === undefined ? "" : met ? "yes" : "NO"]);
  const loadCell = (l: Load) => `${Math.round(l.rps).toLocaleString("en-US")} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms${l.other ? `, ${l.other} non-201/errors` : ""}`;
  const webhookRows = async () => {
    const w = await benchWebhooks(database.url, seeded.writeKey, seeded.submit, submissionBody, seconds, webhookPairs, log);
    w.pairs.forEach((pair, i) =>
      row(`Submissions without / with one webhook, pair ${i + 1} of ${w.pairs.length} (${seconds} s each)`,
        `${Math.round(pair.without.rps).toLocaleString("en-US")} / ${Math.round(pair.with.rps).toLocaleString("en-US")} req/s (${(pair.with.rps / pair.without.rps).toFixed(2)}); p99 ${pair.without.p99} / ${pair.with.p99} ms`));
    row(`With ÷ without a webhook, median of the ${w.pairs.length} alternated pairs`, w.ratio.toFixed(2), "≥ 0.85", w.ratio >= 0.85);
    row(`Delivery latency, event → receiver (${w.delivered.toLocaleString("en-US")} deliveries)`, `p50 ${w.latencyP50} ms, p99 ${w.latencyP99} ms`, "p99 < 2000 ms", w.latencyP99 < 2000);
    // "Does not grow": never more than a second's worth of submissions waiting.
    const oneSecond = Math.max(1, Math.round(Math.min(...w.pairs.map((p) => p.with.rps))));
    row("Outbox pending, most sampled (every second) in each pair's load", w.pendingDuring.join(", "), `each < ${oneSecond} (1 s of submissions)`, w.pendingDuring.every((n) => n < oneSecond));
    row("Outbox pending: when the last load stops / 5 s later", `${w.pendingAtEnd} / ${w.pendingAfterDrain}`, "0 after draining", w.pendingAfterDrain === 0);
    row("Distinct deliveries received ÷ submissions answered 201 with the webhook on (warm-up included)", `${w.distinct} / ${w.toDeliver}`, "all (requests cut off at the end may add a few)", w.distinct >= w.toDeliver);
    const perSubmission = ([without, withHook]: [number, number]) => `${without.toFixed(2)} / ${withHook.toFixed(2)} ms (× ${(withHook / without).toFixed(2)})`;
    row("CPU per submission without / with a webhook: the server's main thread", perSubmission(w.cpu.mainThread));
    row("CPU per submission without / with a webhook: the server (all threads)", perSubmission(w.cpu.server));
    if (w.cpu.database) {
      const { all, outboxThread, counterPerLoad } = w.cpu.database;
      row("CPU per submission without / with a webhook: PostgreSQL's backends", perSubmission(all));
      row("… of which the outbox thread's connections", `${outboxThread[0].toFixed(3)} / ${outboxThread[1].toFixed(3)} ms`);
      row("The bench's pending counter's backend, per load with the webhook (not counted above)", `${counterPerLoad.toFixed(0)} ms`);
    }
    row("CPU per submission without / with a webhook: the bench's receiver (not the server's; it shares the cores)", `${w.cpu.receiver[0].toFixed(2)} / ${w.cpu.receiver[1].toFixed(2)} ms`);
    const d = w.drain;
    row(`A backlog of ${d.rows.toLocaleString("en-US")} deliveries drained with no load: rate`, `${Math.round(d.perSecond).toLocaleString("en-US")} deliveries/s`);
    const us = (n: number) => `${Math.round(n)}`;
    const backends = d.cpu.database ? [`${us(d.cpu.database.all)} (${us(d.cpu.database.outboxThread)})`] : [];
    row("… CPU per delivery: the outbox thread / the rest of the server" + (d.cpu.database ? " / PostgreSQL's backends (the outbox thread's)" : "") + " / the receiver",
      [us(d.cpu.outboxThread), us(d.cpu.restOfServer), ...backends, us(d.cpu.receiver)].join(" / ") + " µs");
  };
  const logicRows = async () => {
    const l = await benchLogic(database.url, seeded, seeded.main.id, seconds, log);
    for (const s of l.summaries) row(`Analytics summary, ${s.label} (${seeded.main.responses.toLocaleString("en-US")} responses)`, `${s.ms.toFixed(1)} ms`, "< 500 ms", s.ms < 500);
    const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
    row(`computePath, ${l.path.questions} questions with logic, ${l.path.onPath} on the path (${l.path.runs.toLocaleString("en-US")} runs)`, `median ${us(l.path.median)}, p99 ${us(l.path.p99)}`, "< 1 ms", l.path.median < 1);
    row(`Submissions, 100 questions without logic (8 conns, 2 × ${Math.max(1, Math.round(seconds / 2))} s)`, loadCell(l.without));
    row(`Submissions, the same form with logic on every question (8 conns, 2 × ${Math.max(1, Math.round(seconds / 2))} s)`, loadCell(l.with));
    row("With ÷ without logic", (l.with.rps / l.without.rps).toFixed(2), "≥ 0.90", l.with.rps / l.without.rps >= 0.9);
  };
  let server: RunningServer | undefined;
  try {
    if (args.logic) {
      await logicRows();
      printTable(rows, seeded);
      return;
    }
    if (args["webhooks-only"]) {
      await webhookRows();
      printTable(rows, seeded);
      return;
    }
    server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" });
    if (!args["submissions-only"]) {
      const auth = { authorization: `Bearer ${seeded.readKey}` };
      const form = `${server.baseUrl}/api/forms/${seeded.main.id}`;
      const ms = (t: { ms: number }) => `${t.ms.toFixed(1)} ms`;

      log("measuring reads …");
      const summary = await timeGet(`${form}/analytics/summary`, auth);
      row(`Analytics summary (${seeded.main.responses.toLocaleString("en-US")} responses in the form)`, ms(summary), "< 500 ms", summary.ms < 500);
      const trend = await timeGet(`${form}/analytics/trend`, auth);
      row("Analytics trend (30 days)", ms(trend), "< 500 ms", trend.ms < 500);
      const metadata = `metadata%5B${probes.metadataFilter.key}%5D=${probes.metadataFilter.value}`;
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const pages: [string, string, number][] = [
        ["Responses page, no filter", "limit=20", 50],
        [`Responses page, metadata filter (${probes.metadataFilter.key}=${probes.metadataFilter.value})`, `limit=20&${metadata}`, 50],
        ["Responses page, date range (30 days)", `limit=20&from=${day(90)}&to=${day(60)}`, 50],
      ];
      for (const [label, query, target] of pages) {
        const t = await timeGet(`${form}/responses?${query}`, auth);
        row(label, ms(t), `< ${target} ms`, t.ms < target);
      }
      // Search: against its floor, the count of the matches on the trigram index straight on the driver, taken just before.
      const floor = await searchFloor(kind, database.url, seeded.main.id, probes.search);
      const search = await timeGet(`${form}/responses?limit=20&search=${probes.search}`, auth);
      row(`Search floor: COUNT of the form's matches for "${probes.search}" on the ${kind === "sqlite" ? "FTS5" : "pg_trgm"} index, on the driver`, `${floor.ms.toFixed(1)} ms (${floor.matches.toLocaleString("en-US")} matches)`);
      row(`Responses page, search "${probes.search}"`, ms(search), "< 300 ms", search.ms < 300);
      row("Search floor ÷ search page (time ratio)", `${(floor.ms / search.ms).toFixed(2)} (${floor.ms.toFixed(0)} ÷ ${search.ms.toFixed(0)} ms)`, "≥ 0.50", floor.ms / search.ms >= 0.5);

      log("dashboard pages …");
      for (const page of await benchDashboard(server.baseUrl, seeded)) {
        row(`Dashboard, ${page.label} of the ${seeded.main.responses.toLocaleString("en-US")}-response form (signed in, server render)`, ms(page), "< 300 ms", page.ms < 300);
      }

      // A fresh server for the export, so its peak RSS is the export's, not the
      // leftovers of the analytics queries above.
      await server.stop();
      server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" });
      // The export floor runs before (it also warms the page cache) and after
      // the export; the faster of the two is the floor.
      log("export floor, then exporting everything, then the floor again …");
      const floorBefore = await exportFloor(kind, database.url, seeded.main.id);
      const pid = server.process.pid!;
      const rssBefore = rssMb(pid);
      const reset = resetPeakRss(pid);
      const exported = await streamExport(`${server.baseUrl}/api/forms/${seeded.main.id}/responses/export?includeMetadata=1`, auth);
      const rss = peakRssMb(pid);
      const floorAfter = await exportFloor(kind, database.url, seeded.main.id);
      const floorRate = Math.max(floorBefore.rows / floorBefore.seconds, floorAfter.rows / floorAfter.seconds);
      const rate = exported.rows / exported.seconds;
      const rowsPerS = (r: number) => `${Math.round(r).toLocaleString("en-US")} rows/s`;
      row(
        `Export floor: the same ${floorAfter.rows.toLocaleString("en-US")} rows on the driver, JSON decoded → csv-stringify → nowhere (in-process; best of 2; ${(floorAfter.bytes / 2 ** 20).toFixed(0)} MB)`,
        `${rowsPerS(floorRate)} (${rowsPerS(floorBefore.rows / floorBefore.seconds)}, ${rowsPerS(floorAfter.rows / floorAfter.seconds)})`,
      );
      row(`CSV export over HTTP, all ${exported.rows.toLocaleString("en-US")} rows (${(exported.bytes / 2 ** 20).toFixed(0)} MB) in ${exported.seconds.toFixed(1)} s`, rowsPerS(rate));
      row("CSV export ÷ export floor", `${(rate / floorRate).toFixed(2)} (${rowsPerS(rate)} ÷ ${rowsPerS(floorRate)})`, "≥ 0.70", rate / floorRate >= 0.7);
      row(`Server peak RSS during the export (RSS ${rssBefore.toFixed(0)} MB before it${reset ? "" : "; peak since start: clear_refs refused"})`, `${rss.toFixed(0)} MB`, "< 300 MB", rss < 300);

      if (args["reads-only"]) {
        printTable(rows, seeded);
        return;
      }

    }

    log("submission load: Formloom, then the two floors …");
    const submitUrl = `${server.baseUrl}/api/public/forms/${seeded.submit.slug}/responses`;
    const app = await postLoad(submitUrl, submissionBody, seconds);
    await server.stop();
    server = undefined;

    const floorDb = path.join(os.tmpdir(), `formloom-bench-floor-${process.pid}.db`);
    const setup = new Database(floorDb);
    setup.pragma("journal_mode = WAL");
    setup.exec(`CREATE TABLE IF NOT EXISTS "Floor" ("id" TEXT PRIMARY KEY, "body" TEXT NOT NULL, "createdAt" TEXT NOT NULL)`);
    setup.close();
    const load = async (label: string, command: string, argv: string[], env: Record<string, string>, port: number, urlPath: string, cwd?: string): Promise<Load> => {
      const url = `http://127.0.0.1:${port}${urlPath}`;
      const probe = async () => (await fetch(url, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })).status === 201;
      const child = await startChild(command, argv, env, probe, cwd);
      try {
        return await postLoad(url, submissionBody, seconds);
      } finally {
        await child.stop();
        log(`  ${label} done`);
      }
    };
    const physicalPort = await freePort();
    const physical = await load("physical floor", process.execPath, [path.join(root, "scripts/bench/physical-floor.mjs"), floorDb, String(physicalPort)], {}, physicalPort, "/");
    const frameworkPort = await freePort();
    const framework = await load(
      "framework floor",
      process.execPath,
      [nextBin, "start", floorApp, "-p", String(frameworkPort), "-H", "127.0.0.1"],
      { FLOOR_DB: floorDb, FLOOR_DIST_DIR: floorDist, NODE_ENV: "production" },
      frameworkPort,
      "/api/insert",
    );
    fs.rmSync(floorDb, { force: true });
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(floorDb + suffix, { force: true });

    rows.unshift(
      [`Submissions: Formloom POST /api/public/forms/:slug/responses (32 conns, ${seconds} s)`, loadCell(app), "", ""],
      ["Physical floor: node:http + one prepared better-sqlite3 INSERT", loadCell(physical), "", ""],
      ["Framework floor: Next.js route handler (prod build) + the same INSERT", loadCell(framework), "", ""],
      ["Formloom ÷ framework floor", `${(app.rps / framework.rps).toFixed(2)} (${Math.round(app.rps)} ÷ ${Math.round(framework.rps)} req/s)`, "≥ 0.60", app.rps / framework.rps >= 0.6 ? "yes" : "NO"],
      ["Submissions p99 latency, 32 connections", `${app.p99} ms`, "< 100 ms", app.p99 < 100 ? "yes" : "NO"],
      ["Formloom ÷ physical floor", `${(app.rps / physical.rps).toFixed(3)} (${Math.round(app.rps)} ÷ ${Math.round(physical.rps)} req/s)`, "≥ 0.10 (moonshot)", app.rps / physical.rps >= 0.1 ? "yes" : "NO"],
    );

    if (!args["submissions-only"]) {
      log("webhook scenario …");
      await webhookRows();
      log("logic scenario …");
      await logicRows();
    }
    printTable(rows, seeded);

    if (args.profile) {
      log("\nprofiling the submission path (node --cpu-prof) …");
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-cpuprof-"));
      const profiled = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" }, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
      const warm = await postLoad(`${profiled.baseUrl}/api/public/forms/${seeded.submit.slug}/responses`, submissionBody, 10);
      await profiled.stop();
      const profiles = fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => path.join(dir, f));
      // The server process writes the biggest profile (tsx's loader may write small ones).
      const biggest = profiles.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
      console.log(`\n(${Math.round(warm.rps)} req/s while profiled; profile: ${biggest})`);
      console.log(summarizeProfile(biggest));
    }
  } finally {
    await server?.stop();
    if (args.keep || args.reuse) log(`kept the database: ${database.url}`);
    else await database.drop();
  }
}

function printTable(rows: string[][], seeded: Seeded) {
  const width = [0, 1, 2, 3].map((c) => Math.max(...[["Measurement", "Result", "Target", "Met"], ...rows].map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(width[c])).join(" | ")} |`;
  console.log(`\nFormloom benchmark — ${kind}, ${seeded.rows.responses.toLocaleString("en-US")} responses seeded (${seeded.rows.answers.toLocaleString("en-US")} answer rows) in ${seeded.seconds.toFixed(0)} s`);
  console.log(`Machine: ${machine()}\n`);
  console.log(line(["Measurement", "Result", "Target", "Met"]));
  console.log(`|${width.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
