/**
 * CLAMAV_HOST: a real clamd (Debian's clamav-daemon, installed by .ci/run),
 * started here on a random port with a signature database of our own (the
 * EICAR test string: freshclam cannot download signatures on these machines).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db/client";
import { createOwner, publishedForm } from "../helpers/api";
import { freePort, startServer, type RunningServer } from "../setup/server";
import { png, upload } from "./files-suite";

const EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";
const folder = mkdtempSync(path.join(tmpdir(), "formloom-clamav-"));
let clamd: ChildProcess;
let server: RunningServer;
let previousBase: string | undefined;

async function listening(port: number, deadline: number) {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => (s.end(), resolve(true)));
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error("clamd did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const db_ = path.join(folder, "db");
  mkdirSync(db_);
  writeFileSync(path.join(folder, "eicar.txt"), EICAR);
  const sig = spawnSync("sigtool", ["--md5", path.join(folder, "eicar.txt")], { encoding: "utf8" });
  writeFileSync(path.join(db_, "test.hdb"), sig.stdout);
  const port = await freePort();
  writeFileSync(
    path.join(folder, "clamd.conf"),
    [`DatabaseDirectory ${db_}`, `TCPSocket ${port}`, "TCPAddr 127.0.0.1", "Foreground yes", `LogFile ${path.join(folder, "clamd.log")}`].join("\n") + "\n",
  );
  clamd = spawn("clamd", ["--config-file", path.join(folder, "clamd.conf")], { stdio: "ignore" });
  await listening(port, Date.now() + 60_000);
  mkdirSync(path.join(folder, "files"));
  server = await startServer(inject("databaseUrl"), { SUBMISSION_RATE_LIMIT: "0", STORAGE_URL: `file:${path.join(folder, "files")}`, CLAMAV_HOST: `127.0.0.1:${port}` });
  previousBase = process.env.TEST_BASE_URL;
  process.env.TEST_BASE_URL = server.baseUrl;
}, 120_000);

afterAll(async () => {
  process.env.TEST_BASE_URL = previousBase;
  await server?.stop();
  clamd?.kill();
  rmSync(folder, { recursive: true, force: true });
});

describe("CLAMAV_HOST", () => {
  it("refuses what clamd finds (422), keeps clean files, and refuses uploads when clamd is gone (503)", async () => {
    const owner = await createOwner();
    const form = await publishedForm(owner, { questions: [{ key: "f", type: "file-upload", title: "File", maxFiles: 2 }] });
    const path_ = `/api/public/forms/${form.slug}/files?question=f`;
    const cookie = { cookie: `fl_rid=${randomBytes(16).toString("base64url")}` };
    const stored = () => readdirSync(path.join(folder, "files"), { recursive: true }).filter((f) => !String(f).endsWith("upload")).length;

    const infected = await upload(server.baseUrl, path_, Buffer.from(EICAR), "notes.txt", cookie);
    expect(infected.status).toBe(422);
    expect(infected.body.error.code).toBe("file_rejected");
    expect(await db.storedFile.count({ where: { formId: form.id } })).toBe(0);
    expect(stored()).toBe(0);

    const clean = await upload(server.baseUrl, path_, png(), "ok.png", cookie);
    expect(clean.status).toBe(201);
    expect(await db.storedFile.count({ where: { formId: form.id } })).toBe(1);

    clamd.kill();
    await new Promise((r) => clamd.once("exit", r));
    const unscanned = await upload(server.baseUrl, path_, png(), "later.png", cookie);
    expect(unscanned.status).toBe(503);
    expect(unscanned.body.error.code).toBe("scanner_unavailable");
    expect(await db.storedFile.count({ where: { formId: form.id } })).toBe(1);
  });
});
