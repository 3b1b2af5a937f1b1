/**
 * The floors of the read targets, measured in the bench's own process
 * straight on the database driver (no HTTP, no Next.js, no Prisma), so that a
 * target is a ratio to what this machine does in the same run:
 *
 * - export floor: the rows the CSV export reads (the form's finished
 *   responses, newest first, the same columns), read with better-sqlite3
 *   (one iterated statement) or a pg server-side cursor (FETCH 1000), their
 *   stored JSON (answers, metadata) decoded and spread into cells, and
 *   written through csv-stringify in 250-row chunks to nowhere. What the
 *   export adds on top is its per-question cells and the HTTP response.
 *   (Writing the JSON columns as they are would make a floor slower than the
 *   export itself: every quote in them doubled, a CSV twice the size.)
 * - search floor: the count of the form's finished responses matching the
 *   term, one statement on the trigram index the page uses (SQLite's FTS5
 *   "ResponseSearch", PostgreSQL's narrow "ResponseSearch" table of finished
 *   responses with pg_trgm under LIKE). Any search page must at least do
 *   this (its total); the page's 20 rows come on top.
 */
import Database from "better-sqlite3";
import { stringify } from "csv-stringify/sync";
import pg from "pg";
import { sqliteFilePath } from "@/lib/db/url";

type Kind = "sqlite" | "postgresql";

const FETCH_ROWS = 1000;
const CHUNK_ROWS = 250;

const EXPORT_COLUMNS = {
  sqlite: `r."id", strftime('%Y-%m-%dT%H:%M:%fZ', r."submittedAt"), r."answers", r."metadata", r."score", r."ending", r."language"`,
  postgresql: `r."id", to_char(r."submittedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), r."answers", r."metadata", r."score", r."ending", r."language"`,
};

export interface ExportFloor {
  rows: number;
  bytes: number;
  seconds: number;
}

/** Reads the form's export rows on the driver and stringifies them to nowhere. */
export async function exportFloor(kind: Kind, url: string, formId: string): Promise<ExportFloor> {
  const sql = `SELECT ${EXPORT_COLUMNS[kind]} FROM "Response" r
    WHERE r."formId" = ${kind === "sqlite" ? "?" : "$1"} AND r."finished" = TRUE
    ORDER BY r."submittedAt" DESC, r."id" DESC`;
  let rows = 0;
  let bytes = 0;
  const cells = ([id, submittedAt, answers, metadata, score, ending, language]: unknown[]) => [
    id,
    submittedAt,
    language,
    score,
    ending,
    ...Object.values(JSON.parse(answers as string) as object),
    ...Object.values(JSON.parse(metadata as string) as object),
  ];
  const write = (chunk: unknown[][]) => {
    bytes += stringify(chunk.map(cells)).length;
    rows += chunk.length;
  };
  const started = performance.now();
  if (kind === "sqlite") {
    await onSqlite(url, async (conn) => {
      let chunk: unknown[][] = [];
      for (const row of conn.prepare(sql).raw(true).iterate(formId) as IterableIterator<unknown[]>) {
        chunk.push(row);
        if (chunk.length === CHUNK_ROWS) {
          write(chunk);
          chunk = [];
        }
      }
      if (chunk.length) write(chunk);
    });
  } else {
    await onPostgres(url, async (client) => {
      await client.query("BEGIN READ ONLY");
      await client.query({ text: `DECLARE "rows" NO SCROLL CURSOR FOR ${sql}`, values: [formId] });
      for (;;) {
        const batch = (await client.query({ text: `FETCH ${FETCH_ROWS} FROM "rows"`, rowMode: "array" })).rows as unknown[][];
        for (let i = 0; i < batch.length; i += CHUNK_ROWS) write(batch.slice(i, i + CHUNK_ROWS));
        if (batch.length < FETCH_ROWS) break;
      }
      await client.query("ROLLBACK");
    });
  }
  return { rows, bytes, seconds: (performance.now() - started) / 1000 };
}

/** Median wall time (after one warm-up) of counting the form's finished responses that contain `term`. */
export async function searchFloor(kind: Kind, url: string, formId: string, term: string, runs = 5): Promise<{ ms: number; matches: number }> {
  const lower = term.toLowerCase();
  const count: (run: (count: () => Promise<number>) => Promise<void>) => Promise<void> =
    kind === "sqlite"
      ? (run) =>
          onSqlite(url, async (conn) => {
            // A trigram phrase is a substring match (what the app's FTS5 condition is).
            const statement = conn.prepare(`SELECT COUNT(*) AS n FROM "Response" r
              WHERE r."formId" = ? AND r."finished" = TRUE
                AND r.rowid IN (SELECT rowid FROM "ResponseSearch" WHERE "ResponseSearch" MATCH ?)`);
            const phrase = `"${lower.replace(/"/g, '""')}"`;
            await run(async () => (statement.get(formId, phrase) as { n: number }).n);
          })
      : (run) =>
          onPostgres(url, async (client) => {
            const like = `%${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
            // Only finished responses are in the table (its triggers keep it so).
            const sql = `SELECT COUNT(*)::int AS n FROM "ResponseSearch" s WHERE s."formId" = $1 AND s."searchText" LIKE $2`;
            await run(async () => (await client.query(sql, [formId, like])).rows[0].n as number);
          });
  const times: number[] = [];
  let matches = 0;
  await count(async (once) => {
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      matches = await once();
      if (i > 0) times.push(performance.now() - started);
    }
  });
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], matches };
}

/** A read-only better-sqlite3 connection for `use`, closed after it. */
async function onSqlite(url: string, use: (conn: Database.Database) => Promise<void>) {
  const conn = new Database(sqliteFilePath(url), { readonly: true, fileMustExist: true });
  try {
    await use(conn);
  } finally {
    conn.close();
  }
}

/** A pg client of its own for `use`, ended after it. */
async function onPostgres(url: string, use: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}
