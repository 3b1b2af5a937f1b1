/**
 * Durability: a server killed with SIGKILL (kill -9) in the middle of a
 * stream of submissions, several times, restarted on the same database each
 * time. Every submission that got a 201 must be stored, counts must agree,
 * and the database must pass its own integrity check.
 *
 * SQLite: WAL + synchronous=NORMAL; a commit is in the OS before the 201 is
 * sent, so killing the process cannot lose it (lib/db/client.ts).
 * PostgreSQL: the app process holds nothing the database has not committed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerKey, createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";
import { createPublishedForm, ownerApi, queryDatabase, submit } from "../helpers/instances";

const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KILLS = 3;
const CONCURRENCY = 12;
const env = { SUBMISSION_RATE_LIMIT: "0" };

const schema = {
  title: "Durability",
  questions: [
    { key: "stars", type: "rating", title: "How was it?", required: true, scaleMin: 1, scaleMax: 5 },
    { key: "plan", type: "single-choice", title: "Plan", options: ["Free", "Pro", "Team"], required: true },
    { key: "note", type: "short-text", title: "Anything else?", required: true },
    { key: "source", type: "hidden" },
  ],
};
/** Each response has exactly one Answer row per question above. */
const ANSWER_ROWS_PER_RESPONSE = schema.questions.length;

/** The database's own integrity check; returns the problems it reports (none when healthy). */
async function integrityProblems(url: string): Promise<string[]> {
  if (kind === "sqlite") {
    const check = await queryDatabase<{ integrity_check: string }>(url, "PRAGMA integrity_check");
    const foreignKeys = await queryDatabase<Record<string, unknown>>(url, "PRAGMA foreign_key_check");
    return [...check.map((r) => r.integrity_check).filter((r) => r !== "ok"), ...foreignKeys.map((r) => `foreign key: ${JSON.stringify(r)}`)];
  }
  // amcheck (PostgreSQL contrib): every B-tree index is well-formed and holds
  // every heap tuple (heapallindexed), and every table's heap is consistent.
  await queryDatabase(url, "CREATE EXTENSION IF NOT EXISTS amcheck");
  const indexes = await queryDatabase<{ name: string; ok: string }>(
    url,
    `SELECT c.relname AS name, bt_index_check(c.oid, true)::text AS ok
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE am.amname = 'btree' AND n.nspname = 'public'`,
  );
  if (indexes.length < 5) return [`only ${indexes.length} B-tree indexes were checked`];
  const heaps = await queryDatabase<{ relname: string; msg: string }>(
    url,
    `SELECT c.relname, v.msg FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace,
            LATERAL verify_heapam(c.oid) v
      WHERE c.relkind = 'r' AND n.nspname = 'public'`,
  );
  return heaps.map((h) => `${h.relname}: ${h.msg}`);
}

describe(`kill -9 under load on ${kind}`, () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase(kind, "durable");
  });

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await database?.drop();
  });

  it(`stores every acknowledged submission across ${KILLS} kills and passes the integrity check`, { timeout: 120_000 }, async () => {
    const key = createOwnerKey(database.url);
    server = await startServer(database.url, env);
    const form = await createPublishedForm(ownerApi(server.baseUrl, key), schema);

    const acknowledged: string[] = [];
    const unexpected: string[] = [];
    const perRound: number[] = [];
    let cutOff = 0;
    let stop = false;
    let ready: Promise<void> = Promise.resolve();

    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        await ready;
        const answers = { stars: 1 + ((w + i) % 5), plan: schema.questions[1].options![i % 3], note: `worker ${w} #${i}`, source: `w${w}` };
        try {
          const r = await submit(server.baseUrl, form.slug, answers);
          if (r.status === 201) acknowledged.push(r.id!);
          else unexpected.push(`${r.status} ${r.code}`);
        } catch {
          // The connection died with the server: no answer, so not acknowledged.
          cutOff++;
          await sleep(10);
        }
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, (_, w) => worker(w));

    for (let round = 0; round < KILLS; round++) {
      const before = acknowledged.length;
      // Kill mid-stream: once this server is taking submissions, at a random moment.
      for (const deadline = Date.now() + 20_000; acknowledged.length - before < 10 && Date.now() < deadline; ) await sleep(20);
      await sleep(Math.random() * 500);
      let resume!: () => void;
      ready = new Promise((r) => (resume = r));
      await server.stop("SIGKILL");
      perRound.push(acknowledged.length - before);
      server = await startServer(database.url, env);
      resume();
    }
    await sleep(800);
    stop = true;
    await Promise.all(workers);
    await server.stop("SIGKILL");

    // The kills really hit a running stream.
    expect(perRound.every((n) => n > 0)).toBe(true);
    expect(cutOff).toBeGreaterThan(0);
    expect(unexpected).toEqual([]);

    const stored = await queryDatabase<{ id: string; finished: number | boolean }>(database.url, `SELECT "id", "finished" FROM "Response" WHERE "formId" = $1`, [form.id]);
    const storedIds = new Set(stored.map((r) => r.id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
    // Whatever the kills cut off either committed whole or not at all.
    expect(stored.every((r) => Boolean(r.finished))).toBe(true);
    const [counts] = await queryDatabase<{ responseCount: number; answers: number | string }>(
      database.url,
      `SELECT "responseCount" + COALESCE((SELECT SUM("count") FROM "FormResponseShard" WHERE "formId" = $1), 0) AS "responseCount", (SELECT count(*) FROM "Answer" WHERE "formId" = $1) AS answers FROM "Form" WHERE "id" = $1`,
      [form.id],
    );
    expect(Number(counts.responseCount)).toBe(stored.length);
    expect(Number(counts.answers)).toBe(stored.length * ANSWER_ROWS_PER_RESPONSE);

    expect(await integrityProblems(database.url)).toEqual([]);

    // And the database still serves a fresh server.
    server = await startServer(database.url, env);
    expect((await submit(server.baseUrl, form.slug, { stars: 5, plan: "Pro", note: "after", source: "end" })).status).toBe(201);
  });
});
