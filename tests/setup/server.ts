/**
 * Runs the production build (`npm start`'s scripts/serve.mjs) as a child process on a free port
 * against a given database, as a deployment would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
export const TEST_AUTH_SECRET = "test-secret-not-for-production-0123456789";
/**
 * Password hashes at scrypt N=2^10 rather than production's 2^17 (PASSWORD_HASH_COST): the suites
 * create and sign in hundreds of accounts, and at 128 MiB and most of a second each that was a good
 * part of their time. What a hash protects is not under test; that sign-in checks it is.
 * vitest.config.ts and playwright.config.ts set it for the test processes too (the admin CLI, the
 * files that hash in-process); a PASSWORD_HASH_COST in the environment wins.
 */
export const TEST_PASSWORD_HASH_COST = "10";

export interface RunningServer {
  baseUrl: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export function distDir(): string {
  return process.env.NEXT_DIST_DIR || ".next";
}

/**
 * TEST_SERVER_MODE=dev runs `npm run dev`'s server instead of the production
 * build: handy while iterating on one test file (no build first), never in CI.
 */
const devMode = () => process.env.TEST_SERVER_MODE === "dev";

/**
 * `nodeArgs`: extra flags for the server's node (e.g. --cpu-prof, which NODE_OPTIONS refuses).
 * `via: "npm"` starts it as the README says, `npm start` (or `npm run dev`), and `process` is
 * npm's: what a process manager that runs `npm start` holds.
 */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = [], via: "node" | "npm" = "node"): Promise<RunningServer> {
  if (!devMode() && !fs.existsSync(path.join(root, distDir(), "BUILD_ID"))) {
    throw new Error(`No production build in ${distDir()}: run "npm run build" (or npm test, which builds) first`);
  }
  if (via === "npm" && nodeArgs.length > 0) throw new Error("nodeArgs need the server started by node itself (via: \"node\")");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  // The same entry point as `npm start` (custom server, migrations at start), and
  // the server itself is this child: a SIGKILL to it kills the real server. Via npm
  // the child is npm, leading a process group of its own that holds the server too.
  const mode = devMode() ? "dev" : "start";
  const [command, args] = via === "npm" ? ["npm", ["run", "--silent", mode]] : [process.execPath, [...nodeArgs, path.join(root, "scripts/serve.mjs"), mode]];
  const child = spawn(command, args, {
    detached: via === "npm",
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: devMode() ? "development" : "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOSTNAME_BIND: "127.0.0.1",
      AUTH_SECRET: TEST_AUTH_SECRET,
      NEXTAUTH_SECRET: TEST_AUTH_SECRET,
      NEXTAUTH_URL: baseUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST || TEST_PASSWORD_HASH_COST,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + (devMode() ? 120_000 : 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Never leave it running: nothing else holds its pid after this throws.
      if (via === "npm") process.kill(-child.pid!, "SIGKILL");
      else child.kill("SIGKILL");
      throw new Error(`the server did not answer in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    port,
    process: child,
    output: () => log,
    stop: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
