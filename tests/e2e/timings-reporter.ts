/**
 * Playwright reporter for scripts/test.sh's timing table: each spec file's time (its tests and
 * their hooks, retries included) per project, appended to $TEST_TIMINGS_DIR/playwright.jsonl.
 */
import fs from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class TimingsReporter implements Reporter {
  private files = new Map<string, { suite: string; file: string; ms: number; state: string }>();

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? "";
    const file = path.relative(process.cwd(), test.location.file);
    const key = `${project}\0${file}`;
    const entry = this.files.get(key) ?? { suite: `playwright ${project}`, file, ms: 0, state: "passed" };
    entry.ms += result.duration;
    if (result.status !== "passed" && result.status !== "skipped" && test.outcome() !== "flaky") entry.state = "failed";
    this.files.set(key, entry);
  }

  onEnd(_result: FullResult) {
    const dir = process.env.TEST_TIMINGS_DIR;
    if (!dir) return;
    const lines = [...this.files.values()].map((e) => JSON.stringify(e) + "\n").join("");
    fs.appendFileSync(path.join(dir, "playwright.jsonl"), lines);
  }

  printsToStdio() {
    return false;
  }
}
