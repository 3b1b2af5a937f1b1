/**
 * The benchmark's physical floor: a bare node:http server that reads the JSON
 * body and does one prepared better-sqlite3 INSERT per request (the same work
 * as floor-app's route). Usage: node physical-floor.mjs <sqlite file> <port>
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import Database from "better-sqlite3";

const [file, port] = process.argv.slice(2);
const db = new Database(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
const insert = db.prepare(`INSERT INTO "Floor" ("id", "body", "createdAt") VALUES (?, ?, ?)`);

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const id = randomUUID();
      insert.run(id, JSON.stringify(body), new Date().toISOString());
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ id }));
    });
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
