/**
 * npm run test:quick: the inner loop while working on a change, on SQLite only.
 *
 *   1. tsc --noEmit;
 *   2. the unit suite;
 *   3. the integration files the change touches, against a production build (rebuilt first when
 *      app code is newer than it; `-- --dev` uses `npm run dev`'s server instead, no build).
 *
 * "The change" is every file that differs from main (commits of the branch, staged, unstaged and
 * new files); `-- --base <ref>` compares with another ref. An integration file is picked when it
 * changed itself, when it imports (or names) a changed module, or when its name shares a word with
 * a changed file's path (lib/outbox/thread.ts → outbox-thread-db, webhooks-thread; app/api/forms/…
 * → forms). `-- tests/integration/x.test.ts …` runs the files given instead; `-- --list` only prints
 * the files it would run. The whole suite on
 * both databases and the browser suite are npm test's.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const base = option("--base") ?? "main";
const given = args.filter((a, i) => a.endsWith(".test.ts") && args[i - 1] !== "--base");
const dev = flag("--dev");

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-test", TEST_DB: "sqlite" };

function step(title: string, command: string, commandArgs: string[], extraEnv: Record<string, string> = {}) {
  console.log(`\n== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { stdio: "inherit", env: { ...env, ...extraEnv } });
  console.log(`   (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const git = (...gitArgs: string[]) => execFileSync("git", gitArgs, { encoding: "utf8" }).split("\n").filter(Boolean);

function changedFiles(): string[] {
  const mergeBase = git("merge-base", base, "HEAD")[0];
  return [...new Set([...git("diff", "--name-only", mergeBase), ...git("ls-files", "--others", "--exclude-standard")])].filter((f) => fs.existsSync(f));
}

// Words every path has, which would pick everything.
const COMMON = new Set(["lib", "app", "api", "components", "tests", "test", "ts", "tsx", "mjs", "index", "route", "page", "layout", "id", "slug", "token", "path", "ui", "src", "helpers", "setup", "integration", "unit", "e2e", "spec", "scripts", "md", "docs", "json"]);
const words = (file: string) => file.toLowerCase().split(/[/\-_.[\]()]+/).filter((w) => w.length > 2 && !COMMON.has(w));

function touchedIntegrationFiles(changed: string[]): string[] {
  const all = fs.readdirSync("tests/integration").filter((f) => f.endsWith(".test.ts")).map((f) => `tests/integration/${f}`);
  const sources = changed.filter((f) => /\.(ts|tsx|mjs|prisma|sql)$/.test(f) && !f.startsWith("tests/unit/") && !f.startsWith("tests/e2e/"));
  const picked = new Set(sources.filter((f) => all.includes(f)));
  for (const test of all) {
    const text = fs.readFileSync(test, "utf8");
    const testWords = new Set(words(path.basename(test, ".test.ts")));
    for (const file of sources) {
      const module = file.replace(/\.(ts|tsx|mjs)$/, "");
      const importsIt = text.includes(`/${module}"`) || text.includes(`@/${module}"`) || text.includes(`"${path.basename(module)}"`) || text.includes(`/${path.basename(module)}"`);
      // A shared helper of the integration folder (files-suite.ts, public-helpers.ts) counts as an import.
      if (importsIt || words(file).some((w) => testWords.has(w))) picked.add(test);
    }
  }
  return [...picked].sort();
}

function buildIsStale(): boolean {
  const buildId = path.join(env.NEXT_DIST_DIR, "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const newer = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name !== "generated" && newer(full);
      return fs.statSync(full).mtimeMs > built;
    });
  return ["app", "lib", "components", "prisma", "public"].some((dir) => fs.existsSync(dir) && newer(dir)) || ["next.config.mjs", "proxy.ts", "instrumentation.ts", "scripts/serve.mjs", "scripts/build-respondent.ts"].some((f) => fs.existsSync(f) && fs.statSync(f).mtimeMs > built);
}

const integration = given.length ? given : touchedIntegrationFiles(changedFiles());
if (flag("--list")) {
  console.log(integration.join("\n") || `no integration file touched by the change against ${base}`);
  process.exit(0);
}

step("typecheck", "npx", ["tsc", "--noEmit"]);
if (!dev && buildIsStale()) {
  step("build (app code is newer than the build)", "npx", ["tsx", "scripts/build-respondent.ts"]);
  step("build: next build", "npx", ["next", "build"]);
}
const serverEnv: Record<string, string> = dev ? { TEST_SERVER_MODE: "dev" } : {};
step("unit tests", "npx", ["vitest", "run", "tests/unit"], serverEnv);
if (integration.length === 0) {
  console.log(`\n== integration: no file touched by the change against ${base}`);
} else {
  step(`integration on SQLite (${integration.length}: ${integration.map((f) => path.basename(f, ".test.ts")).join(", ")})`, "npx", ["vitest", "run", ...integration], serverEnv);
}
