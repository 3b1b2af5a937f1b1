/**
 * Prints the timing table at the end of `npm test` (scripts/test.sh): each phase's wall time, then
 * every test file's time per suite, slowest first, so a slow test shows itself.
 *
 *   tsx scripts/test-timings.ts <dir>    # the run's TEST_TIMINGS_DIR
 *
 * <dir>/phases.tsv holds "name<TAB>seconds<TAB>status" lines written by test.sh; the
 * reporters (tests/setup/timings-reporter.ts, tests/e2e/timings-reporter.ts) write *.jsonl.
 */
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) process.exit(0);

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(8);
const rows: string[] = [];

const phasesFile = path.join(dir, "phases.tsv");
if (fs.existsSync(phasesFile)) {
  rows.push("", "== timings: phases (wall clock)", `${"seconds".padStart(8)}  phase`);
  let total = 0;
  for (const line of fs.readFileSync(phasesFile, "utf8").split("\n").filter(Boolean)) {
    const [name, secs, status] = line.split("\t");
    if (name === "total") total = Number(secs);
    else rows.push(`${seconds(Number(secs) * 1000)}  ${name}${status && status !== "0" ? `  (exit ${status})` : ""}`);
  }
  if (total) rows.push(`${seconds(total * 1000)}  total`);
}

interface FileTiming { suite: string; file: string; ms: number; state: string }
const files: FileTiming[] = [];
for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".jsonl")).sort()) {
  for (const line of fs.readFileSync(path.join(dir, name), "utf8").split("\n").filter(Boolean)) files.push(JSON.parse(line));
}
const suites = [...new Set(files.map((f) => f.suite))].sort();
for (const suite of suites) {
  const mine = files.filter((f) => f.suite === suite).sort((a, b) => b.ms - a.ms);
  const sum = mine.reduce((s, f) => s + f.ms, 0);
  rows.push("", `== timings: ${suite}, per file (${mine.length} files, ${(sum / 1000).toFixed(0)} s summed; files run side by side)`);
  for (const f of mine) rows.push(`${seconds(f.ms)}  ${f.file}${f.state === "passed" ? "" : `  (${f.state})`}`);
}
console.log(rows.join("\n"));
