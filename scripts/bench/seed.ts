/**
 * Seeds the benchmark database FAST, in the storage format of
 * team/RESPONSES-DATA.md: the rows come from lib/responses/store.ts
 * (responseColumns / answerRows / finishColumns — the functions the
 * submission path itself uses), written with direct bulk SQL in big
 * transactions. Secondary indexes are dropped during the load and recreated
 * from their own definitions afterwards (same schema, built in one pass);
 * SQLite's FTS table is filled by its trigger, PostgreSQL's trigram index is
 * rebuilt with the others, and the analytics counters (AnswerStat) are
 * recomputed from the rows with lib/analytics/answer-stats.ts.
 *
 * DATABASE_URL must point at the (migrated) database before this is imported:
 * the owner and forms are created through the app's own modules.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { rebuildAnswerStatsSql } from "@/lib/analytics/answer-stats";
import { createApiKey } from "@/lib/auth/api-keys";
import { createUser } from "@/lib/auth/users";
import { personalActor } from "@/lib/workspaces/actor";
import { db } from "@/lib/db/client";
import { sqliteFilePath } from "@/lib/db/url";
import { createForm, publishForm, saveDraft } from "@/lib/forms/forms";
import { newId } from "@/lib/ids";
import { answerRows, finishColumns, responseColumns } from "@/lib/responses/store";
import type { FormSchema } from "@/lib/schema/form-schema";
import { BENCH_PASSWORD, eventFormResponse, eventFormSchema, mainFormResponse, mainFormSchema, prng, type Generated, type Rng } from "./data";

export interface SeededForm {
  id: string;
  slug: string;
}

export interface Seeded {
  /** The owner's email (absent from states seeded before the dashboard timings: looked up then). */
  email?: string;
  readKey: string;
  writeKey: string;
  /** The big form every read measurement uses. */
  main: SeededForm & { responses: number; finished: number };
  /** An empty copy of the main form that the submission runs write to. */
  submit: SeededForm;
  rows: { responses: number; answers: number; views: number };
  seconds: number;
}

const BATCH = 5000;
const DAY = 86_400_000;
/** Share of all responses in the main form; the rest spread over the other forms. */
const MAIN_SHARE = 0.8;
const OTHER_FORMS = 8;

interface FormPlan {
  form: SeededForm;
  versionId: string;
  schema: FormSchema;
  generate: (rng: Rng) => Generated;
  responses: number;
  finished: number;
}

/** The forms' view counters, which the app keeps per recorded view (bulk rows bypass it). */
const VIEW_COUNTS = `INSERT INTO "FormViewCount" ("formId", "count") SELECT "formId", COUNT(*) FROM "FormView" GROUP BY "formId"`;
const RESPONSE_COLUMNS = ["id", "formId", "versionId", "personKey", "onePerPerson", "idempotencyKey", "finished", "createdAt", "updatedAt", "submittedAt", "submittedDay", "answers", "metadata", "searchText"] as const;
const ANSWER_COLUMNS = ["id", "responseId", "formId", "questionKey", "finished", "valueText", "valueNumber"] as const;
const VIEW_COLUMNS = ["formId", "personKey", "createdAt"] as const;

type Row = unknown[];
interface Batch {
  responses: Row[];
  answers: Row[];
  views: Row[];
}

/** Writes batches of rows; timestamps arrive as Date and are stored the way Prisma stores them. */
interface BulkWriter {
  begin(): Promise<void>;
  write(batch: Batch): Promise<void>;
  finish(counts: Map<string, number>): Promise<void>;
}

async function publishedForm(userId: string, schema: { title: string; questions: unknown[] }, title: string, generate: FormPlan["generate"]): Promise<FormPlan> {
  const actor = personalActor(userId);
  const created = await createForm(actor, { title });
  await saveDraft(actor, created.id, { ...schema, title } as never);
  const published = await publishForm(actor, created.id);
  const version = await db.formVersion.findFirstOrThrow({ where: { formId: created.id }, orderBy: { version: "desc" } });
  return {
    form: { id: created.id, slug: (published as { slug: string }).slug },
    versionId: version.id,
    schema: JSON.parse(version.schema) as FormSchema,
    generate,
    responses: 0,
    finished: 0,
  };
}

/** SQLite: one connection, no fsync during the load, a big page cache. */
function sqliteWriter(url: string): BulkWriter {
  const conn = new Database(sqliteFilePath(url));
  conn.pragma("journal_mode = WAL");
  conn.pragma("synchronous = OFF");
  conn.pragma("cache_size = -1000000");
  conn.pragma("temp_store = MEMORY");
  const dropped = conn
    .prepare(`SELECT "name", "sql" FROM sqlite_master WHERE type = 'index' AND "sql" IS NOT NULL AND "sql" NOT LIKE 'CREATE UNIQUE%' AND tbl_name IN ('Response', 'Answer', 'FormView')`)
    .all() as { name: string; sql: string }[];
  const insert = (table: string, columns: readonly string[]) =>
    conn.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
  const stmts = { response: insert("Response", RESPONSE_COLUMNS), answer: insert("Answer", ANSWER_COLUMNS), view: insert("FormView", VIEW_COLUMNS) };
  // Prisma's better-sqlite3 adapter stores DateTime as ISO 8601 with "+00:00" and booleans as 0/1.
  const value = (v: unknown) => (v instanceof Date ? v.toISOString().replace("Z", "+00:00") : typeof v === "boolean" ? (v ? 1 : 0) : v);
  const writeBatch = conn.transaction((batch: Batch) => {
    for (const r of batch.responses) stmts.response.run(r.map(value));
    for (const a of batch.answers) stmts.answer.run(a.map(value));
    for (const v of batch.views) stmts.view.run(v.map(value));
  });
  return {
    async begin() {
      for (const index of dropped) conn.exec(`DROP INDEX "${index.name}"`);
    },
    async write(batch) {
      writeBatch(batch);
    },
    async finish(counts) {
      for (const index of dropped) conn.exec(index.sql);
      const update = conn.prepare(`UPDATE "Form" SET "responseCount" = ? WHERE "id" = ?`);
      for (const [formId, n] of counts) update.run(n, formId);
      // The analytics counters the app keeps per finished response (bulk rows bypass it).
      for (const sql of rebuildAnswerStatsSql("sqlite")) conn.exec(sql);
      conn.exec(VIEW_COUNTS);
      conn.pragma("wal_checkpoint(TRUNCATE)");
      conn.close();
    },
  };
}

/** PostgreSQL: multi-row INSERT … SELECT FROM unnest(arrays), one statement per table per batch. */
function postgresWriter(url: string): BulkWriter {
  const client = new pg.Client({ connectionString: url });
  let dropped: { indexname: string; indexdef: string }[] = [];
  const types: Record<string, string> = {
    finished: "boolean",
    createdAt: "timestamp(3)",
    updatedAt: "timestamp(3)",
    submittedAt: "timestamp(3)",
    valueNumber: "double precision",
  };
  const insert = async (table: string, columns: readonly string[], rows: Row[]) => {
    if (!rows.length) return;
    const arrays = columns.map((_, c) => rows.map((r) => r[c]));
    const unnest = columns.map((col, c) => `$${c + 1}::${types[col] ?? "text"}[]`).join(", ");
    const conflict = table === "FormView" ? " ON CONFLICT DO NOTHING" : "";
    await client.query(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) SELECT * FROM unnest(${unnest})${conflict}`, arrays);
  };
  return {
    async begin() {
      await client.connect();
      await client.query(`SET maintenance_work_mem = '512MB'`);
      dropped = (
        await client.query(
          `SELECT i.indexname, i.indexdef FROM pg_indexes i
            WHERE i.schemaname = 'public' AND i.tablename IN ('Response', 'Answer', 'FormView', 'ResponseSearch')
              AND i.indexdef NOT LIKE 'CREATE UNIQUE%'`,
        )
      ).rows;
      for (const index of dropped) await client.query(`DROP INDEX "${index.indexname}"`);
    },
    async write(batch) {
      await client.query("BEGIN");
      await insert("Response", RESPONSE_COLUMNS, batch.responses);
      await insert("Answer", ANSWER_COLUMNS, batch.answers);
      await insert("FormView", VIEW_COLUMNS, batch.views);
      await client.query("COMMIT");
    },
    async finish(counts) {
      for (const index of dropped) await client.query(index.indexdef);
      for (const [formId, n] of counts) await client.query(`UPDATE "Form" SET "responseCount" = $1 WHERE "id" = $2`, [n, formId]);
      // The analytics counters the app keeps per finished response (bulk rows bypass it).
      for (const sql of rebuildAnswerStatsSql("postgresql")) await client.query(sql);
      await client.query(VIEW_COUNTS);
      // What autovacuum does after a bulk load (PostgreSQL ≥ 13 vacuums insert-only tables too):
      // statistics for the planner, and the visibility map, without which an
      // index-only scan still reads every row from the table (a 1M-row metadata
      // count took 300 ms instead of ~20).
      await client.query("VACUUM (ANALYZE)");
      await client.end();
    },
  };
}

export async function seed(url: string, n: number, log: (line: string) => void): Promise<Seeded> {
  const started = performance.now();
  const email = `bench-${Date.now()}@example.test`;
  const user = await createUser({ email, password: BENCH_PASSWORD });
  const readKey = (await createApiKey(personalActor(user.id), { name: "bench (read)", scope: "read" })).key;
  const writeKey = (await createApiKey(personalActor(user.id), { name: "bench (write)", scope: "write" })).key;

  const main = await publishedForm(user.id, mainFormSchema, mainFormSchema.title, mainFormResponse);
  const others: FormPlan[] = [];
  for (let i = 0; i < OTHER_FORMS; i++) others.push(await publishedForm(user.id, eventFormSchema, `${eventFormSchema.title} #${i + 1}`, eventFormResponse));
  const submit = await publishedForm(user.id, mainFormSchema, `${mainFormSchema.title} (submissions)`, mainFormResponse);
  await db.$disconnect();

  const writer = url.startsWith("file:") ? sqliteWriter(url) : postgresWriter(url);
  await writer.begin();
  const rng = prng(20261123);
  const end = Date.now() - 60_000;
  const span = 365 * DAY;
  const rows = { responses: 0, answers: 0, views: 0 };
  let lastLog = performance.now();

  for (let done = 0; done < n; ) {
    const batch: Batch = { responses: [], answers: [], views: [] };
    const size = Math.min(BATCH, n - done);
    for (let i = 0; i < size; i++, done++) {
      // Time-ordered like real traffic: over the past year, oldest first.
      const at = new Date(end - span + Math.floor((done / n) * span) + rng.int(60_000));
      const plan = rng.next() < MAIN_SHARE ? main : others[rng.int(OTHER_FORMS)];
      const { answers, metadata, finished } = plan.generate(rng);
      const personKey = rng.hex(64);
      const createdAt = new Date(at.getTime() - 20_000 - rng.int(600_000));
      const id = newId(createdAt.getTime());
      const fin = finishColumns(finished, at, null);
      const cols = responseColumns(plan.schema, answers, metadata);
      batch.responses.push([id, plan.form.id, plan.versionId, personKey, fin.onePerPerson, null, fin.finished, createdAt, fin.submittedAt ?? createdAt, fin.submittedAt, fin.submittedDay, cols.answers, cols.metadata, cols.searchText]);
      for (const a of answerRows(plan.schema, answers, metadata)) {
        batch.answers.push([newId(createdAt.getTime()), id, plan.form.id, a.questionKey, finished, a.valueText, a.valueNumber]);
      }
      batch.views.push([plan.form.id, personKey, createdAt]);
      // Some people open the form and leave without answering.
      if (rng.next() < 0.25) batch.views.push([plan.form.id, rng.hex(64), createdAt]);
      plan.responses++;
      if (finished) plan.finished++;
    }
    await writer.write(batch);
    rows.responses += batch.responses.length;
    rows.answers += batch.answers.length;
    rows.views += batch.views.length;
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      log(`  seeded ${done.toLocaleString("en-US")} / ${n.toLocaleString("en-US")} responses (${Math.round(done / ((lastLog - started) / 1000)).toLocaleString("en-US")}/s)`);
    }
  }
  log("  rebuilding indexes and the analytics counters");
  await writer.finish(new Map([main, ...others, submit].map((p) => [p.form.id, p.finished])));
  return {
    email,
    readKey,
    writeKey,
    main: { ...main.form, responses: main.responses, finished: main.finished },
    submit: submit.form,
    rows,
    seconds: (performance.now() - started) / 1000,
  };
}
