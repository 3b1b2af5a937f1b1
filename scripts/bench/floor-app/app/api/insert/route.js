import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";

export const dynamic = "force-dynamic";

let insert;
/** One connection and one prepared statement per process, with the app's SQLite settings. */
function statement() {
  if (!insert) {
    const db = new Database(process.env.FLOOR_DB);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    insert = db.prepare(`INSERT INTO "Floor" ("id", "body", "createdAt") VALUES (?, ?, ?)`);
  }
  return insert;
}

export async function POST(req) {
  const body = await req.json();
  const id = randomUUID();
  statement().run(id, JSON.stringify(body), new Date().toISOString());
  return Response.json({ id }, { status: 201 });
}
