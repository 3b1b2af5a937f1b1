/**
 * The admin CLI as an operator runs it (`npm run --silent admin -- …`), as a
 * child process against the suite's database; its key then works against the
 * suite's server.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { BLANK_PASSWORD, COMMON_PASSWORD } from "@/lib/auth/password-policy";
import { verifyPassword } from "@/lib/auth/passwords";
import { hashKey } from "@/lib/auth/api-keys";
import { client } from "../helpers/api";

const root = path.resolve(import.meta.dirname, "../..");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `tsx scripts/admin.ts …` (what `npm run admin` runs) on the suite's database. */
function admin(args: string[], via: "tsx" | "npm" = "tsx"): Promise<Run> {
  const [cmd, argv] =
    via === "npm"
      ? ["npm", ["run", "--silent", "admin", "--", ...args]]
      : [process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const email = () => `cli-${randomBytes(5).toString("hex")}@example.test`;
const PASSWORD = "a long passphrase";
const lastLine = (text: string) => text.trim().split("\n").at(-1)!;
// Every test starts the CLI, some two or three times, and each start compiles scripts/admin.ts
// (tsx): several seconds apiece on a busy 2-core machine with the other files running beside.
const CLI_TESTS = { timeout: 90_000 };

describe("admin create-user", CLI_TESTS, () => {
  it("creates a user with a hashed password (email lowercased)", async () => {
    const address = email();
    const run = await admin(["create-user", "--email", address.toUpperCase(), "--password", PASSWORD]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Created user ${address}`);
    const user = await db.user.findUniqueOrThrow({ where: { email: address } });
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, user.passwordHash)).toBe(true);
  });

  it("refuses an email that exists", async () => {
    const address = email();
    expect((await admin(["create-user", "--email", address, "--password", PASSWORD])).code).toBe(0);
    const run = await admin(["create-user", "--email", address, "--password", "another passphrase"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("already exists");
    expect(await db.user.count({ where: { email: address } })).toBe(1);
  });

  it.each([
    [["--password", PASSWORD], "--email is required"],
    [["--email", "not-an-email", "--password", PASSWORD], "--email"],
    [["--email", "EMAIL"], "--password is required"],
    [["--email", "EMAIL", "--password", "short"], "at least 8"],
    [["--email", "EMAIL", "--password", "        "], `--password: ${BLANK_PASSWORD}`],
    [["--email", "EMAIL", "--password", "password"], `--password: ${COMMON_PASSWORD}`],
    [["--email", "EMAIL", "--password", "12345678"], `--password: ${COMMON_PASSWORD}`],
    [["--email", "EMAIL", "--password", PASSWORD, "--admin"], "--admin"],
    [["--email", "EMAIL", "--password"], "--password"],
  ])("exits 1 for %j with %j on stderr and creates no user", async (args, message) => {
    const address = email();
    const argv = args.map((a) => (a === "EMAIL" ? address : a));
    // The users it could have made: one named on its command line (other test files add users meanwhile).
    const named = () => db.user.count({ where: { email: { in: argv } } });
    expect(await named()).toBe(0);
    const run = await admin(["create-user", ...argv]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain("usage:");
    expect(run.stdout).toBe("");
    expect(await named()).toBe(0);
  });
});

describe("admin create-key", CLI_TESTS, () => {
  /** An existing user for the refusals, so that only the bad option can be the reason. */
  let keyOwner: string;
  beforeAll(async () => {
    keyOwner = email();
    expect((await admin(["create-user", "--email", keyOwner, "--password", PASSWORD])).code).toBe(0);
  });

  it("prints a write key as the last stdout line (through npm run, as documented), which works against the server", async () => {
    const address = email();
    expect((await admin(["create-user", "--email", address, "--password", PASSWORD])).code).toBe(0);
    const run = await admin(["create-key", "--email", address, "--name", "ci", "--scope", "write"], "npm");
    expect(run.code, run.stderr).toBe(0);
    const key = lastLine(run.stdout);
    expect(key).toMatch(/^flk_[A-Za-z0-9_-]{43}$/);

    const row = await db.apiKey.findUniqueOrThrow({ where: { keyHash: hashKey(key) } });
    expect(row).toMatchObject({ name: "ci", scope: "write", revokedAt: null });
    const api = client(key);
    const created = await api.post("/api/forms", { title: "Made with a CLI key" });
    expect(created.status).toBe(201);
    const keys = await api.get("/api/keys");
    expect(keys.body.keys).toEqual([expect.objectContaining({ id: row.id, name: "ci", scope: "write" })]);
  });

  it("prints a read key that reads and cannot write", async () => {
    const address = email();
    await admin(["create-user", "--email", address, "--password", PASSWORD]);
    const run = await admin(["create-key", "--email", address, "--name", "reader", "--scope", "read"]);
    expect(run.code, run.stderr).toBe(0);
    const api = client(lastLine(run.stdout));
    expect((await api.get("/api/forms")).status).toBe(200);
    expect((await api.post("/api/forms", { title: "no" })).status).toBe(403);
  });

  it.each([
    [["--name", "NAME", "--scope", "write"], "--email is required"],
    [["--email", "EMAIL", "--scope", "write"], "--name is required"],
    [["--email", "EMAIL", "--name", "NAME"], "--scope is required"],
    [["--email", "EMAIL", "--name", "NAME", "--scope", "admin"], "--scope"],
    [["--email", "nobody@example.test", "--name", "NAME", "--scope", "write"], "No user with email nobody@example.test"],
  ])("exits 1 for %j with %j on stderr and creates no key", async (args, message) => {
    const name = `cli-key-${randomBytes(4).toString("hex")}`;
    const argv = args.map((a) => (a === "EMAIL" ? keyOwner : a === "NAME" ? name : a));
    // The keys it could have made: the key owner's, or one with this run's name (other test files add keys meanwhile).
    const mine = () => db.apiKey.count({ where: { OR: [{ name }, { user: { email: keyOwner } }] } });
    const before = await mine();
    const run = await admin(["create-key", ...argv]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe("");
    expect(await mine()).toBe(before);
  });
});

describe("admin set-password", CLI_TESTS, () => {
  it("refuses a blank-looking or common password, saying why, and keeps the old one", async () => {
    const address = email();
    expect((await admin(["create-user", "--email", address, "--password", PASSWORD])).code).toBe(0);
    for (const [pass, message] of [["\u200b".repeat(12), BLANK_PASSWORD], ["qwertyuiop", COMMON_PASSWORD]]) {
      const run = await admin(["set-password", "--email", address, "--password", pass]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`--password: ${message}`);
      expect(run.stdout).toBe("");
    }
    const user = await db.user.findUniqueOrThrow({ where: { email: address } });
    expect(await verifyPassword(PASSWORD, user.passwordHash)).toBe(true);
  });
});

describe("admin", CLI_TESTS, () => {
  it("exits 1 with the usage for a missing or unknown command", async () => {
    for (const args of [[], ["delete-everything"]]) {
      const run = await admin(args);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("usage:");
    }
  });
});
