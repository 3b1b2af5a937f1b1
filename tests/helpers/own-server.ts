/**
 * A production server of a test file's own, on a fresh database with one
 * owner and a write key made by the admin CLI (as an operator would): for
 * tests that may break or load a server, which must not be the suite's.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { startServer, type RunningServer } from "../setup/server";

const root = path.resolve(import.meta.dirname, "../..");
const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

export interface OwnServer {
  server: RunningServer;
  database: TestDatabase;
  email: string;
  password: string;
  key: string;
  /** fetch against this server, with the write key unless `headers.authorization` says otherwise. */
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  stop(): Promise<void>;
}

export async function startOwnServer(label: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<OwnServer> {
  const database = await createTestDatabase(kind, label);
  const email = `${label}@example.test`;
  const password = "correct horse battery staple";
  const admin = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: "utf8",
    });
  admin("create-user", "--email", email, "--password", password);
  const key = admin("create-key", "--email", email, "--name", label, "--scope", "write").trim().split("\n").pop()!;
  const server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0", ...env }, nodeArgs);
  return {
    server,
    database,
    email,
    password,
    key,
    async call(method, url, body, headers = {}) {
      const res = await fetch(server.baseUrl + url, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
      });
      const text = await res.text();
      const json = (res.headers.get("content-type") ?? "").includes("json") && text ? JSON.parse(text) : text;
      return { status: res.status, headers: res.headers, body: json, text };
    },
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}

/** The server process's resident memory in MB (Linux: /proc/<pid>/status VmRSS). */
export function serverRssMb(server: RunningServer): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}
