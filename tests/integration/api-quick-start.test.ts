/**
 * The REST API page's quick start, run as written: the bash block after the
 * `<!-- quick-start -->` marker in docs/api.md, against the suite's server (on
 * a port that is not 3000) through `PORT`, from the project's folder. It must
 * exit 0, stop at a failing command, read back the answer it posted, and
 * leave no file in the repository.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { baseUrl } from "../helpers/api";

const root = path.resolve(import.meta.dirname, "../..");

function quickStart(): string {
  const doc = readFileSync(path.join(root, "docs/api.md"), "utf8");
  const match = /<!-- quick-start -->\s*```bash\n([\s\S]*?)\n```/.exec(doc);
  if (!match) throw new Error("docs/api.md has no ```bash block after <!-- quick-start -->");
  return match[1];
}

const gitStatus = () => spawnSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: root, encoding: "utf8" }).stdout;

function run(script: string, port: string) {
  return spawnSync("bash", ["-s"], {
    cwd: root,
    input: script,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, PORT: port, DATABASE_URL: inject("databaseUrl") },
  });
}

describe("the API quick start", () => {
  it("runs as written on the server's port, reads back its answer and leaves no file behind", () => {
    const port = new URL(baseUrl()).port;
    expect(port).not.toBe("3000");
    const before = gitStatus();
    const result = run(quickStart(), port);
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    // The filtered list, the CSV and the summary each carry the posted answer.
    expect(result.stdout).toContain('"ref":"newsletter"');
    expect(result.stdout).toMatch(/^.*Sushi.*newsletter.*$/m);
    expect(result.stdout).toContain('"totalResponses":1');
    expect(gitStatus()).toBe(before);
  }, 150_000);

  it("stops with a failure when a command fails", () => {
    // The same script against a port nothing listens on: the first request fails, so the script must too.
    const result = run(quickStart(), "9");
    expect(result.status).not.toBe(0);
    expect(result.stdout).not.toContain('"totalResponses"');
  }, 150_000);
});
