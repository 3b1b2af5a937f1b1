/**
 * Recording an attempt's result. Every write is fenced by the attempt number
 * (lib/outbox/claim.ts): a result from a worker whose claim was taken over
 * changes nothing.
 */
import { provider } from "@/lib/db/client";
import { anyOf, empty, exec, prepareOnce, query, rawTransaction, rawWriteExec, rawWriteQuery, sql, type RawSql } from "@/lib/db/raw";
import type { ClaimedMessage } from "./claim";
import { nextAttemptAt } from "./schedule";

/**
 * What one attempt came to; `statusCode`/`responseBody` when the receiver
 * answered. A failed attempt that sent a body not stored yet gives it as
 * `sentBody`: it is kept with the result, and every retry sends those bytes.
 */
export type AttemptResult =
  | { outcome: "succeeded"; statusCode?: number; responseBody?: string }
  | { outcome: "retry" | "permanent"; error: string; statusCode?: number; responseBody?: string; sentBody?: string };

/** Stored error texts are cut here: they are for a log, not an archive. */
const ERROR_MAX = 500;
/** Rows per batched statement (PostgreSQL): well under its 65,535 parameters. */
const ROWS_PER_STATEMENT = 500;

/**
 * On PostgreSQL a statement is a round trip and a plan: a batch of rows is
 * written by ONE statement, `UPDATE … FROM unnest(…)`, each row still fenced
 * by its attempt number. Each column comes as one array parameter, so the
 * statement's text is the same for 1 row or 500 and it is prepared once per
 * connection (prepareOnce()): a `VALUES` list of four parameters a row was parsed
 * and planned anew every time. The rows are also named by `"id" = ANY(…)`
 * (byIds): joined to a list of more than a few rows, PostgreSQL plans a hash
 * join over a sequential scan of the whole outbox, delivery log included —
 * 6 ms a statement at 20,000 rows and growing without end — where the
 * condition finds each by its primary key. (On SQLite a transaction's
 * statements run in one synchronous block: one per row costs little there.)
 */
const batched = () => provider === "postgresql";

/** The rows' primary keys, so that PostgreSQL finds them by index (see above). */
const byIds = (messages: readonly ClaimedMessage[]) => anyOf(sql`o."id"`, messages.map((m) => m.id));

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/** Writes the result; "failed" when it is permanent or the retries are used up. Returns the status stored. */
export async function recordAttempt(message: ClaimedMessage, result: AttemptResult, now = new Date()): Promise<"succeeded" | "pending" | "failed"> {
  const [status] = await recordAttempts([{ message, result }], now);
  return status;
}

/**
 * Writes several results in ONE transaction (the worker records a round of
 * attempts at once: on SQLite every write transaction waits for the one
 * writer, submissions included). Each row is fenced on its own.
 */
export async function recordAttempts(entries: readonly { message: ClaimedMessage; result: AttemptResult }[], now = new Date()): Promise<("succeeded" | "pending" | "failed")[]> {
  const statuses = entries.map(({ message, result }) => statusAfter(message, result, now));
  const statements: RawSql[] = [];
  const succeeded: { message: ClaimedMessage; result: AttemptResult }[] = [];
  entries.forEach((entry, i) => {
    if (batched() && entry.result.outcome === "succeeded") succeeded.push(entry);
    else statements.push(resultStatement(entry.message, entry.result, statuses[i], now));
  });
  for (const rows of chunks(succeeded)) {
    const column = <T extends string | number | null>(of: (entry: (typeof rows)[number]) => T) => rows.map(of);
    statements.push(prepareOnce(sql`
      UPDATE "OutboxMessage" AS o SET "status" = 'succeeded', "leaseUntil" = NULL, "deliveredAt" = ${now},
        "lastStatusCode" = v.code, "lastError" = NULL, "responseBody" = v.body
      FROM unnest(CAST(${column((r) => r.message.id)} AS TEXT[]), CAST(${column((r) => r.message.attempts)} AS INTEGER[]),
        CAST(${column((r) => r.result.statusCode ?? null)} AS INTEGER[]), CAST(${column((r) => r.result.responseBody ?? null)} AS TEXT[])) AS v(id, attempts, code, body)
      WHERE ${byIds(rows.map((row) => row.message))} AND o."id" = v.id AND o."attempts" = v.attempts`));
  }
  if (statements.length === 1) await rawWriteExec(statements[0]);
  else if (statements.length > 1) {
    await rawTransaction(function* () {
      for (const statement of statements) yield* exec(statement);
    });
  }
  return statuses.map((s) => s.status);
}

function statusAfter(message: ClaimedMessage, result: AttemptResult, now: Date) {
  if (result.outcome === "succeeded") return { status: "succeeded" as const, retryAt: null };
  const retryAt = result.outcome === "retry" ? nextAttemptAt(message.attempts, now) : null;
  return { status: retryAt ? ("pending" as const) : ("failed" as const), retryAt };
}

function resultStatement(message: ClaimedMessage, result: AttemptResult, { status, retryAt }: ReturnType<typeof statusAfter>, now: Date): RawSql {
  const statusCode = result.statusCode ?? null;
  const responseBody = result.responseBody ?? null;
  if (result.outcome === "succeeded") {
    return sql`
      UPDATE "OutboxMessage" SET "status" = 'succeeded', "leaseUntil" = NULL, "deliveredAt" = ${now},
        "lastStatusCode" = ${statusCode}, "lastError" = NULL, "responseBody" = ${responseBody}
      WHERE "id" = ${message.id} AND "attempts" = ${message.attempts}`;
  }
  const keepBody = result.sentBody === undefined ? empty : sql`, "body" = COALESCE("body", ${result.sentBody})`;
  return sql`
    UPDATE "OutboxMessage" SET "status" = ${status}, "leaseUntil" = NULL, "nextAttemptAt" = ${retryAt ?? now},
      "lastStatusCode" = ${statusCode}, "lastError" = ${result.error.slice(0, ERROR_MAX)}, "responseBody" = ${responseBody} ${keepBody}
    WHERE "id" = ${message.id} AND "attempts" = ${message.attempts}`;
}

/**
 * Extends the leases of claimed rows still waiting to be sent, from `now`,
 * unless the lease ran out and another worker claimed the row since (its
 * attempt number moved on) or it is no longer pending. One transaction for
 * them all. Per row, true = still ours, send it; false = someone else's, send
 * nothing.
 */
export async function renewLeases(messages: readonly ClaimedMessage[], leaseMs: number, now = new Date()): Promise<boolean[]> {
  const until = new Date(now.getTime() + leaseMs);
  if (messages.length === 0) return [];
  if (batched()) {
    const statements = chunks(messages).map((part) =>
      prepareOnce(sql`
        UPDATE "OutboxMessage" AS o SET "leaseUntil" = ${until}
        FROM unnest(CAST(${part.map((m) => m.id)} AS TEXT[]), CAST(${part.map((m) => m.attempts)} AS INTEGER[])) AS v(id, attempts)
        WHERE ${byIds(part)} AND o."id" = v.id AND o."attempts" = v.attempts AND o."status" = 'pending'
        RETURNING o."id"`));
    const changed =
      statements.length === 1
        ? await rawWriteQuery<{ id: string }>(statements[0])
        : await rawTransaction(function* () {
            const all: { id: string }[] = [];
            for (const statement of statements) all.push(...(yield* query<{ id: string }>(statement)));
            return all;
          });
    const held = new Set(changed.map((row) => String(row.id)));
    return messages.map((message) => held.has(message.id));
  }
  return rawTransaction(function* () {
    const held: boolean[] = [];
    for (const message of messages) {
      const changed = yield* exec(sql`
        UPDATE "OutboxMessage" SET "leaseUntil" = ${until}
        WHERE "id" = ${message.id} AND "attempts" = ${message.attempts} AND "status" = 'pending'`);
      held.push(changed === 1);
    }
    return held;
  });
}

/** renewLeases for one row (an email after composing; a webhook POST that waited long for a slot). */
export async function renewLease(message: ClaimedMessage, leaseMs: number, now = new Date()): Promise<boolean> {
  const changed = await rawWriteExec(sql`
    UPDATE "OutboxMessage" SET "leaseUntil" = ${new Date(now.getTime() + leaseMs)}
    WHERE "id" = ${message.id} AND "attempts" = ${message.attempts} AND "status" = 'pending'`);
  return changed === 1;
}
