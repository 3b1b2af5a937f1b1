/**
 * The benchmark's measurements: HTTP load with autocannon, timed requests,
 * a streamed export with the server's peak RSS, and the two floor servers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
}

/** autocannon: `connections` clients POSTing `body` for `seconds`; counts only 201s as done. */
export async function postLoad(url: string, body: unknown, seconds = 10, connections = 32): Promise<Load> {
  const result = await autocannon({
    url,
    method: "POST",
    connections,
    duration: seconds,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const ok = result["2xx"];
  return { rps: ok / seconds, p50: result.latency.p50, p99: result.latency.p99, ok, other: result.non2xx + result.errors + result.timeouts };
}

/** Median wall time of `runs` GETs (after one warm-up), failing on any non-200 (a redirect, e.g. to the sign-in page, too). */
export async function timeGet(url: string, headers: Record<string, string>, runs = 5): Promise<{ ms: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers, redirect: "manual" });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`);
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

/** Peak resident set of a process so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  return statusMb(pid, "VmHWM");
}

/** Resident set of a process now (VmRSS), in MB. */
export function rssMb(pid: number): number {
  return statusMb(pid, "VmRSS");
}

function statusMb(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
}

/** Resets VmHWM to the current RSS (Linux: "5" > clear_refs), so the next peak is the next step's. */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Streams a CSV download to the end; counts records by line (the seeded text has no line breaks). */
export async function streamExport(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    // indexOf (memchr) rather than a loop over every byte: the client shares the 2 cores with the server.
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows: lines - 1, bytes, seconds };
}

export interface Child {
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts a server process and waits until `probe` answers. */
export async function startChild(command: string, args: string[], env: Record<string, string>, probe: () => Promise<boolean>, cwd?: string): Promise<Child> {
  let log = "";
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${path.basename(args[0] ?? command)} exited with ${child.exitCode}:\n${log}`);
    if (await probe().catch(() => false)) break;
    if (Date.now() > deadline) throw new Error(`${args.join(" ")} did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    process: child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
