/**
 * `npm start` / `npm run dev`: prepare, then hand over to Next.js.
 * - AUTH_SECRET: from the environment; otherwise generated once and kept in
 *   ./data/auth-secret (so a fresh clone runs with no setup).
 * - Pending migrations are applied before the server accepts requests.
 * - SIGTERM/SIGINT are passed on, so Next finishes in-flight requests.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../lib/db/migrations";
import { databaseUrl, providerOf } from "../lib/db/url";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const root = path.resolve(import.meta.dirname, "..");

function authSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  if (mode === "start" && process.env.NODE_ENV === "production" && process.env.REQUIRE_AUTH_SECRET === "1") {
    throw new Error("AUTH_SECRET is not set");
  }
  const file = path.join(root, "data/auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    console.log("Generated AUTH_SECRET in data/auth-secret (set AUTH_SECRET to choose your own).");
  }
  return fs.readFileSync(file, "utf8").trim();
}

async function main() {
  const port = process.env.PORT || "3000";
  const env = {
    ...process.env,
    PORT: port,
    AUTH_SECRET: authSecret(),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL || `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  env.NEXTAUTH_SECRET = env.AUTH_SECRET;
  const url = databaseUrl();
  const applied = await applyMigrations(url);
  if (applied.length) console.log(`Applied ${applied.length} migration(s) to the ${providerOf(url)} database.`);

  const next = path.join(root, "node_modules/next/dist/bin/next");
  const child = spawn(process.execPath, [next, mode, "--port", port, ...process.argv.slice(3)], { stdio: "inherit", env, cwd: root });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error) => {
  console.error(`formloom: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
