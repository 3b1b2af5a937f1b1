/**
 * Where the submission path spends its CPU: reads the .cpuprofile that
 * `node --cpu-prof` wrote for the server during a submission load, and sums
 * self time by origin (Next.js, React, Prisma, SQLite, zod, app code, Node
 * core, GC) and by function.
 *
 * Usage: tsx scripts/bench/profile.ts <file.cpuprofile>  (index.ts --profile calls it)
 */
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Functions of Prisma's better-sqlite3 / pg adapters (bundled into the app chunk): the statements themselves. */
const STATEMENT_FUNCTIONS = new Set(["executeIO", "performIO", "prepare", "run", "all", "raw", "bind", "exec"]);

function originOf(url: string, fn: string): string {
  if (STATEMENT_FUNCTIONS.has(fn) && (url.includes("better-sqlite3") || url.includes("/server/chunks/") || !url)) return "SQL statements (better-sqlite3)";
  if (url.startsWith("wasm://") || /\/wasm\//.test(url)) return "Prisma query compiler (wasm)";
  if (!url) {
    if (fn === "(garbage collector)") return "GC";
    if (fn === "(idle)") return "idle";
    if (fn === "(program)") return "V8/native (program)";
    return "native (incl. better-sqlite3, crypto)";
  }
  if (url.startsWith("node:")) return "Node core (http, streams, crypto)";
  if (/node_modules\/next\/.*react|react-dom|react-server/.test(url)) return "React (server runtime)";
  if (url.includes("node_modules/next/")) return "Next.js";
  if (url.includes("@prisma/") || url.includes("lib/generated/")) return "Prisma client + adapter";
  if (url.includes("better-sqlite3")) return "better-sqlite3 (JS)";
  if (url.includes("node_modules/pg")) return "pg";
  if (url.includes("node_modules/zod")) return "zod";
  if (url.includes("node_modules/tsx") || url.includes("esbuild")) return "tsx loader";
  if (url.includes("/server/chunks/") || url.includes("/server/app/")) return "app bundle (our lib/ + bundled deps)";
  if (url.includes("node_modules/")) return `other: ${url.split("node_modules/")[1].split("/")[0]}`;
  return "other: " + url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
}

export function summarizeProfile(file: string, top = 15): string {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const origins = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const origin = originOf(url, functionName);
    if (origin === "idle") continue;
    busy += us;
    origins.set(origin, (origins.get(origin) ?? 0) + us);
    const name = `${functionName || "(anonymous)"}  ${url ? url.replace(/^file:\/\//, "").split("/").slice(-3).join("/") + ":" + (lineNumber + 1) : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  const lines = [`CPU profile of the server under submission load (${(busy / 1e6).toFixed(1)} s busy CPU, idle excluded)`, "", "By origin (self time):"];
  for (const [origin, us] of [...origins].sort((a, b) => b[1] - a[1])) lines.push(`  ${pct(us)}  ${origin}`);
  lines.push("", `Top ${top} functions (self time):`);
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${name}`);
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("profile.ts") && process.argv[2]) console.log(summarizeProfile(process.argv[2], Number(process.argv[3] ?? 15)));
