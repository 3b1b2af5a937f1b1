/**
 * The submission writes go straight to the driver (lib/db/raw.ts). These
 * tests fail if such a row is stored differently from the same row written
 * by Prisma (DateTime text and offset, booleans, nulls, integer vs real),
 * if Prisma reads it back differently, if a failed raw transaction leaves
 * anything behind or leaves the connection unusable, if a raw transaction
 * interleaves with a Prisma interactive transaction on SQLite's one
 * connection, if its unique violations stop mapping to their fields, or if
 * an afterCommit callback runs for a transaction that did not commit.
 */
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";

// A zone far from UTC, with daylight saving: a value bound or read in local
// time instead of UTC shows up as a shifted timestamp.
process.env.TZ = "Pacific/Auckland";

import { applyStatDeltas } from "@/lib/analytics/answer-stats";
import { db, provider } from "@/lib/db/client";
import { isUniqueViolation, retryOnWriteConflict } from "@/lib/db/errors";
import { afterCommit, claim, claimShared, empty, exec, join, postgresText, query, rawQuery, rawTransaction, sql, write } from "@/lib/db/raw";
import { newId } from "@/lib/ids";
import { insertResponseRow, writeAnswerRows, type AnswerValueRow, type ResponseRow } from "@/lib/responses/store";
import { createOwner, publishedForm } from "../helpers/api";
import { queryDatabase } from "../helpers/instances";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const schema = { questions: [{ key: "q", type: "short-text", title: "Q" }] };

interface FormRef {
  id: string;
  versionId: string;
}

async function newForm(): Promise<FormRef> {
  const owner = await createOwner();
  const form = await publishedForm(owner, schema);
  const version = await db.formVersion.findFirstOrThrow({ where: { formId: form.id }, select: { id: true } });
  return { id: form.id, versionId: version.id };
}

let formA: FormRef;
let formB: FormRef;
beforeAll(async () => {
  [formA, formB] = await Promise.all([newForm(), newForm()]);
});

/** A response row for `form`; times with milliseconds, so any rounding or zone shift shows. */
function responseRow(form: FormRef, finished: boolean, extra: Partial<ResponseRow> = {}): ResponseRow {
  const at = new Date("2026-03-29T01:30:15.123Z"); // inside a DST change in many zones
  return {
    id: newId(),
    formId: form.id,
    versionId: form.versionId,
    personKey: "person-1",
    deviceKey: null,
    idempotencyKey: finished ? "key-1" : null,
    createdAt: at,
    updatedAt: new Date(at.getTime() + 1),
    finished,
    submittedAt: finished ? new Date(at.getTime() + 7) : null,
    submittedDay: finished ? "2026-03-29" : null,
    onePerPerson: finished ? "person-1" : null,
    onePerDevice: null,
    score: null,
    ending: null,
    language: "en",
    pathUnanswered: null,
    leftAt: null,
    spamReasons: null,
    answers: '{"q":"Été ✓"}',
    metadata: "{}",
    searchText: "été ✓",
    ...extra,
  };
}

const answerValues: AnswerValueRow[] = [
  { questionKey: "a", valueText: null, valueNumber: 4.5 },
  { questionKey: "b", valueText: "yes", valueNumber: 1 },
  { questionKey: "c", valueText: "text", valueNumber: null },
  { questionKey: "d", valueText: null, valueNumber: 7 },
];

const RESPONSE_COLUMNS = ["personKey", "onePerPerson", "idempotencyKey", "finished", "createdAt", "updatedAt", "submittedAt", "submittedDay", "answers", "metadata", "searchText", "spamReasons"];
const ANSWER_COLUMNS = ["questionKey", "finished", "valueText", "valueNumber"];
const STAT_COLUMNS = ["questionKey", "bucket", "count", "sum"];

/** Each column as stored: SQLite's storage class and literal, PostgreSQL's text form. */
async function storedAs(table: string, columns: string[], where: string, value: string, orderBy: string) {
  const list = columns.map((c) => (provider === "sqlite" ? `typeof("${c}") || ':' || quote("${c}") AS "${c}"` : `"${c}"::text AS "${c}"`)).join(", ");
  const placeholder = provider === "sqlite" ? "?" : "$1";
  return db.$queryRawUnsafe<Record<string, string | null>[]>(`SELECT ${list} FROM "${table}" WHERE ${where} = ${placeholder} ORDER BY ${orderBy}`, value);
}

describe("rows written straight to the driver", () => {
  for (const finished of [true, false]) {
    it(`are stored exactly as Prisma stores them and read back the same (${finished ? "finished" : "partial"} response)`, async () => {
      // The same row through Prisma's model API (form A) and through the raw path (form B).
      const viaPrisma = responseRow(formA, finished, { personKey: `p-${finished}`, onePerPerson: finished ? `p-${finished}` : null });
      const viaRaw = responseRow(formB, finished, { personKey: `p-${finished}`, onePerPerson: finished ? `p-${finished}` : null });
      await db.response.create({ data: viaPrisma });
      await db.answer.createMany({ data: answerValues.map((v) => ({ id: newId(), responseId: viaPrisma.id, formId: formA.id, finished, ...v })) });
      await rawTransaction(function* () {
        yield* insertResponseRow(viaRaw);
        yield* writeAnswerRows({ responseId: viaRaw.id, formId: formB.id, finished }, answerValues, { replace: false });
      });

      // Stored byte for byte alike.
      const prismaStored = await storedAs("Response", RESPONSE_COLUMNS, `"id"`, viaPrisma.id, `"id"`);
      const rawStored = await storedAs("Response", RESPONSE_COLUMNS, `"id"`, viaRaw.id, `"id"`);
      expect(rawStored).toEqual(prismaStored);
      expect(rawStored).toHaveLength(1);
      expect(await storedAs("Answer", ANSWER_COLUMNS, `"responseId"`, viaRaw.id, `"questionKey"`)).toEqual(
        await storedAs("Answer", ANSWER_COLUMNS, `"responseId"`, viaPrisma.id, `"questionKey"`),
      );

      // Read back through Prisma: every field is what was written.
      const back = await db.response.findUniqueOrThrow({ where: { id: viaRaw.id } });
      expect(back).toEqual(viaRaw);
      expect(back.createdAt.toISOString()).toBe("2026-03-29T01:30:15.123Z");
      expect(back.finished).toBe(finished);
      const answers = await db.answer.findMany({ where: { responseId: viaRaw.id }, orderBy: { questionKey: "asc" } });
      expect(answers.map(({ questionKey, valueText, valueNumber, finished: f, formId }) => ({ questionKey, valueText, valueNumber, finished: f, formId }))).toEqual(
        answerValues.map((v) => ({ ...v, finished, formId: formB.id })),
      );
    });
  }

  it("keeps the analytics counters exactly as Prisma would (integer counts, real sums)", async () => {
    const deltas = [
      { questionKey: "n", bucket: "", count: 2, sum: 4.5 },
      { questionKey: "n", bucket: "=4", count: 1, sum: 0 },
    ];
    await db.answerStat.createMany({ data: deltas.map((d) => ({ formId: formA.id, ...d })) });
    await rawTransaction(() => applyStatDeltas(formB.id, deltas));
    expect(await storedAs("AnswerStat", STAT_COLUMNS, `"formId"`, formB.id, `"bucket"`)).toEqual(await storedAs("AnswerStat", STAT_COLUMNS, `"formId"`, formA.id, `"bucket"`));
    // The upsert adds to existing counters.
    await rawTransaction(() => applyStatDeltas(formB.id, deltas));
    // Each counter is the sum of its shards (on PostgreSQL the two upserts may have used two connections' shards).
    const back = await db.answerStat.groupBy({ by: ["bucket"], where: { formId: formB.id }, orderBy: { bucket: "asc" }, _sum: { count: true, sum: true } });
    expect(back.map((r) => ({ bucket: r.bucket, count: r._sum.count, sum: r._sum.sum }))).toEqual([
      { bucket: "", count: 4, sum: 9 },
      { bucket: "=4", count: 2, sum: 0 },
    ]);
  });
});

describe("raw transactions", () => {
  const exists = async (id: string) => (await db.response.count({ where: { id } })) === 1;

  it("roll back everything on an error, and the connection keeps working for Prisma and raw writes", async () => {
    const row = responseRow(formB, false, { personKey: "rollback" });
    await expect(
      rawTransaction(function* () {
        yield* insertResponseRow(row);
        yield* applyStatDeltas(formB.id, [{ questionKey: "rolled-back", bucket: "", count: 1, sum: 0 }]);
        throw new Error("the work gave up");
      }),
    ).rejects.toThrow("the work gave up");
    expect(await exists(row.id)).toBe(false);
    expect(await db.answerStat.count({ where: { formId: formB.id, questionKey: "rolled-back" } })).toBe(0);

    // Committed for another connection too (not left inside an open transaction).
    const viaPrisma = await db.response.create({ data: responseRow(formB, false, { personKey: "after-rollback" }) });
    const viaRaw = responseRow(formB, false, { personKey: "after-rollback" });
    await rawTransaction(() => insertResponseRow(viaRaw));
    const seen = await queryDatabase<{ id: string }>(process.env.DATABASE_URL!, `SELECT "id" FROM "Response" WHERE "personKey" = $1 ORDER BY "id"`, ["after-rollback"]);
    expect(seen.map((r) => r.id).sort()).toEqual([viaPrisma.id, viaRaw.id].sort());
  });

  it("turn unique violations into errors that name their fields, and roll back what came before", async () => {
    const first = responseRow(formB, true, { idempotencyKey: "dup-key", onePerPerson: "dup-person" });
    await rawTransaction(() => insertResponseRow(first));
    const failure = async (extra: Partial<ResponseRow>) => {
      const row = responseRow(formB, true, extra);
      const error = await rawTransaction(function* () {
        yield* exec(sql`UPDATE "Form" SET "responseCount" = "responseCount" + 1000 WHERE "id" = ${formB.id}`);
        yield* insertResponseRow(row);
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(await exists(row.id)).toBe(false);
      return error;
    };
    const before = (await db.form.findUniqueOrThrow({ where: { id: formB.id } })).responseCount;

    const sameKey = await failure({ idempotencyKey: "dup-key", onePerPerson: "other-person" });
    expect(isUniqueViolation(sameKey, "idempotencyKey")).toBe(true);
    expect(isUniqueViolation(sameKey, "onePerPerson")).toBe(false);

    const samePerson = await failure({ idempotencyKey: "other-key", onePerPerson: "dup-person" });
    expect(isUniqueViolation(samePerson, "onePerPerson")).toBe(true);
    expect(isUniqueViolation(samePerson, "idempotencyKey")).toBe(false);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: Response.onePerPerson"), "onePerPerson")).toBe(false);

    expect((await db.form.findUniqueOrThrow({ where: { id: formB.id } })).responseCount).toBe(before);
  });

  it("never interleave with a Prisma interactive transaction (one SQLite connection)", async () => {
    const prismaRow = responseRow(formB, false, { personKey: "interleave-prisma" });
    const rawRow = responseRow(formB, false, { personKey: "interleave-raw" });
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    const failing = db.$transaction(async (tx) => {
      await tx.response.create({ data: prismaRow });
      inside();
      await sleep(150);
      throw new Error("the handler gave up");
    });
    await started;
    // Another request's raw write while that transaction is open: it must
    // neither join it nor be rolled back with it.
    const write = rawTransaction(() => insertResponseRow(rawRow));
    await expect(failing).rejects.toThrow("the handler gave up");
    await write;
    expect(await exists(rawRow.id)).toBe(true);
    expect(await exists(prismaRow.id)).toBe(false);
  });

  it("started together, each commits or fails on its own: a failing one in a shared SQLite group leaves the others", async () => {
    const before = (await db.form.findUniqueOrThrow({ where: { id: formB.id } })).responseCount;
    const taken = responseRow(formB, true, { idempotencyKey: `group-${newId()}`, onePerPerson: null });
    await rawTransaction(() => insertResponseRow(taken));
    const rows = [0, 1, 2, 3].map((i) => responseRow(formB, false, { personKey: `group-${i}`, idempotencyKey: null }));
    const committed: number[] = [];
    const bump = function* (work: number) {
      yield* afterCommit(() => committed.push(work));
      yield* exec(sql`UPDATE "Form" SET "responseCount" = "responseCount" + 1 WHERE "id" = ${formB.id}`);
    };
    // All four in the same turn of the event loop: on SQLite they share one transaction.
    const results = await Promise.allSettled([
      rawTransaction(function* () {
        yield* bump(0);
        yield* insertResponseRow(rows[0]);
      }),
      rawTransaction(function* () {
        yield* bump(1);
        yield* insertResponseRow(rows[1]);
        throw new Error("the second work gave up");
      }),
      rawTransaction(function* () {
        yield* bump(2);
        yield* insertResponseRow(rows[2]);
        // A unique violation mid-group: its own statements roll back, and the error still names its field.
        yield* insertResponseRow({ ...responseRow(formB, true), idempotencyKey: taken.idempotencyKey });
      }),
      rawTransaction(function* () {
        yield* bump(3);
        yield* insertResponseRow(rows[3]);
        return "fourth";
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    // Each work's afterCommit callback ran only if that work committed (the works call `committed`).
    expect(committed.sort()).toEqual([0, 3]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: "the second work gave up" });
    expect(isUniqueViolation((results[2] as PromiseRejectedResult).reason, "idempotencyKey")).toBe(true);
    expect((results[3] as PromiseFulfilledResult<string>).value).toBe("fourth");
    expect(await Promise.all(rows.map((r) => exists(r.id)))).toEqual([true, false, false, true]);
    expect((await db.form.findUniqueOrThrow({ where: { id: formB.id } })).responseCount).toBe(before + 2);
  });

  it("let the statements after a write see it; a claim takes its row, or rolls back the whole transaction", async () => {
    const row = responseRow(formB, false, { personKey: `seen-${newId()}`, idempotencyKey: null });
    const count = () => db.response.count({ where: { personKey: row.personKey } });
    const responseCount = async () => (await db.form.findUniqueOrThrow({ where: { id: formB.id } })).responseCount;
    const before = await responseCount();
    const bump = (id: string) => claim(sql`UPDATE "Form" SET "responseCount" = "responseCount" + 1 WHERE "id" = ${id}`, () => new Error(`no slot on ${id}`));
    const seen = await rawTransaction(function* () {
      yield* insertResponseRow(row);
      const rows = yield* query<{ n: number | bigint | string }>(sql`SELECT count(*) AS "n" FROM "Response" WHERE "id" = ${row.id}`);
      yield* insertResponseRow({ ...row, id: newId() });
      yield* bump(formB.id);
      yield* insertResponseRow({ ...row, id: newId() });
      return Number(rows[0].n);
    });
    expect(seen).toBe(1);
    expect([await count(), await responseCount()]).toEqual([3, before + 1]);
    // Writes ending in a claim, nothing else: one statement on PostgreSQL, its own transaction. A
    // callback after its commit sees the rows from another connection.
    let seenAfterCommit: Promise<number> | null = null;
    await rawTransaction(function* () {
      yield* insertResponseRow({ ...row, id: newId() });
      yield* afterCommit(() => (seenAfterCommit = queryDatabase<{ n: number | string }>(process.env.DATABASE_URL!, `SELECT count(*) AS n FROM "Response" WHERE "personKey" = $1`, [row.personKey]).then(([r]) => Number(r.n))));
      yield* bump(formB.id);
    });
    expect(await seenAfterCommit).toBe(4);
    expect([await count(), await responseCount()]).toEqual([4, before + 2]);
    // Refused, alone and inside BEGIN … COMMIT: the writes before the claim do not stay, and what
    // was to happen after the commit does not happen.
    let told = 0;
    const refusedAlone = rawTransaction(function* () {
      yield* insertResponseRow({ ...row, id: newId() });
      yield* afterCommit(() => told++);
      yield* bump("no-such-form");
    });
    await expect(refusedAlone).rejects.toThrow("no slot on no-such-form");
    const refusedInTransaction = rawTransaction(function* () {
      yield* query(sql`SELECT 1 AS "one"`);
      yield* insertResponseRow({ ...row, id: newId() });
      yield* bump(formB.id);
      yield* bump("no-such-form");
    });
    await expect(refusedInTransaction).rejects.toThrow("no slot on no-such-form");
    expect([await count(), await responseCount(), told]).toEqual([4, before + 2, 0]);
  });

  it("autocommit statements give rows and numbers as plain values", async () => {
    const key = `raw-test-${newId()}`;
    const hit = () =>
      rawQuery<{ count: number }>(sql`
        INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES (${key}, ${BigInt(Date.now())}, 1)
        ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimit"."count" + 1 RETURNING "count"`);
    expect(await hit()).toEqual([{ count: 1 }]);
    const rows = await rawQuery<{ createdAt: Date | string; finished: boolean | number }>(
      sql`SELECT "createdAt", "finished" FROM "Response" WHERE "formId" = ${formB.id} AND "finished" = ${true} LIMIT 1`,
    );
    expect(new Date(rows[0].createdAt).toISOString()).toBe("2026-03-29T01:30:15.123Z");
    expect(Boolean(rows[0].finished)).toBe(true);
  });
});

describe("claimShared", () => {
  it("PostgreSQL: runs first in its statement (its writes lock nothing while it waits for a change of the row), then re-checks the changed row", async () => {
    const refused = () => new Error("refused");
    if (provider !== "postgresql") {
      // SQLite has no row locks: a shared claim is refused outright, never silently run unlocked.
      await expect(rawTransaction(() => claimShared(sql`SELECT 1`, refused))).rejects.toThrow("PostgreSQL");
      return;
    }
    const form = await newForm();
    await db.formResponseShard.create({ data: { formId: form.id, shard: 99, count: 0 } });
    const submit = (title: string) =>
      rawTransaction(function* () {
        yield* write(sql`UPDATE "FormResponseShard" SET "count" = "count" + 1 WHERE "formId" = ${form.id} AND "shard" = 99`);
        yield* claimShared(sql`SELECT 1 FROM "Form" WHERE "id" = ${form.id} AND "title" = ${title} FOR SHARE`, refused);
      });
    const shardLocked = async () =>
      (await db.$transaction(async (tx) => {
        try {
          await tx.$queryRaw`SELECT "count" FROM "FormResponseShard" WHERE "formId" = ${form.id} AND "shard" = 99 FOR UPDATE NOWAIT`;
          return false;
        } catch {
          return true;
        }
      }));
    const { title } = await db.form.findUniqueOrThrow({ where: { id: form.id }, select: { title: true } });

    // A change of the form holds its row; the shared claim waits for it, holding nothing else.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`UPDATE "Form" SET "title" = 'renamed' WHERE "id" = $1`, [form.id]);
      // Its outcome is taken at once: it may settle in the same turn as the COMMIT below, before
      // that await returns, and a rejection nobody handles yet fails the run.
      let settled = false;
      const outcome = submit(title).then(
        () => "stored",
        (error: Error) => error.message,
      );
      void outcome.finally(() => (settled = true));
      await sleep(300);
      expect(settled).toBe(false);
      expect(await shardLocked()).toBe(false);
      await holder.query("COMMIT");
      // Re-checked on the committed row: the title changed, so it refuses and its write rolls back.
      expect(await outcome).toBe("refused");
    } finally {
      await holder.end();
    }
    await submit("renamed");
    expect((await db.formResponseShard.findUniqueOrThrow({ where: { formId_shard: { formId: form.id, shard: 99 } } })).count).toBe(1);
  });
});

// PostgreSQL only: SQLite has one writer, so its transactions never form a lock cycle.
describe.runIf(provider === "postgresql")("deadlocks", () => {
  /**
   * A lock cycle between `transaction` (which must update shard 97, then 98)
   * and a holder that takes 98 first and 97 last; the holder never runs the
   * deadlock check first, so PostgreSQL aborts the transaction's first run.
   */
  async function inLockCycle(formId: string, transaction: () => Promise<unknown>) {
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN; SET LOCAL deadlock_timeout = '20s'");
      await holder.query(`UPDATE "FormResponseShard" SET "count" = "count" + 1 WHERE "formId" = $1 AND "shard" = 98`, [formId]);
      const running = transaction();
      // Until the transaction holds 97 and waits for the holder's 98.
      const [{ pid }] = (await holder.query("SELECT pg_backend_pid() AS pid")).rows;
      const waitsForHolder = async () => {
        const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await watcher.connect();
        try {
          return Number((await watcher.query("SELECT COUNT(*) AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [pid])).rows[0].n);
        } finally {
          await watcher.end();
        }
      };
      await expect.poll(waitsForHolder, { timeout: 10_000 }).toBe(1);
      // Granted once PostgreSQL aborted the transaction's first run.
      await holder.query(`UPDATE "FormResponseShard" SET "count" = "count" + 1 WHERE "formId" = $1 AND "shard" = 97`, [formId]);
      await holder.query("COMMIT");
      await running;
    } finally {
      await holder.end();
    }
  }

  async function shardPair() {
    const form = await newForm();
    await db.formResponseShard.createMany({ data: [{ formId: form.id, shard: 97, count: 0 }, { formId: form.id, shard: 98, count: 0 }] });
    const counts = async () => db.formResponseShard.findMany({ where: { formId: form.id }, orderBy: { shard: "asc" }, select: { shard: true, count: true } });
    return { form, counts };
  }

  it("PostgreSQL: a raw transaction aborted to break a lock cycle runs again from the start, and only that run stays", async () => {
    const { form, counts } = await shardPair();
    const bump = (shard: number) => sql`UPDATE "FormResponseShard" SET "count" = "count" + 1 WHERE "formId" = ${form.id} AND "shard" = ${shard}`;
    let runs = 0;
    const told: number[] = [];
    await inLockCycle(form.id, () =>
      rawTransaction(function* () {
        const run = ++runs;
        yield* afterCommit(() => told.push(run));
        yield* exec(bump(97));
        yield* exec(bump(98));
      }),
    );
    expect(runs).toBe(2);
    // Only the run that committed: the aborted one's callback is dropped.
    expect(told).toEqual([2]);
    expect(await counts()).toEqual([{ shard: 97, count: 2 }, { shard: 98, count: 2 }]);
  });

  it("PostgreSQL: a Prisma transaction in retryOnWriteConflict (a form's settings change) runs again the same way", async () => {
    const { form, counts } = await shardPair();
    let runs = 0;
    await inLockCycle(form.id, () =>
      retryOnWriteConflict(() =>
        db.$transaction(async (tx) => {
          runs++;
          for (const shard of [97, 98]) await tx.formResponseShard.update({ where: { formId_shard: { formId: form.id, shard } }, data: { count: { increment: 1 } } });
        }),
      ),
    );
    expect(runs).toBe(2);
    expect(await counts()).toEqual([{ shard: 97, count: 2 }, { shard: 98, count: 2 }]);
  });
});

describe("one SQL text for both databases", () => {
  it("binds values as placeholders, inlines fragments, and numbers them for PostgreSQL outside quotes", () => {
    const rows = join([sql`(${1}, ${"a"})`, sql`(${2}, ${null})`]);
    const statement = sql`INSERT INTO "T?" ("x", "y") VALUES ${rows} ON CONFLICT DO NOTHING -- ${empty}'?'`;
    expect(statement.sql).toBe(`INSERT INTO "T?" ("x", "y") VALUES (?, ?), (?, ?) ON CONFLICT DO NOTHING -- '?'`);
    expect(statement.values).toEqual([1, "a", 2, null]);
    expect(postgresText(statement.sql)).toBe(`INSERT INTO "T?" ("x", "y") VALUES ($1, $2), ($3, $4) ON CONFLICT DO NOTHING -- '?'`);
  });
});
