/**
 * vitest reporter for scripts/test.sh's timing table: one line per test file
 * (its time from setup to its last hook) appended to $TEST_TIMINGS_DIR/vitest-<db>.jsonl.
 */
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export default class TimingsReporter implements Reporter {
  onTestModuleEnd(module: TestModule) {
    const dir = process.env.TEST_TIMINGS_DIR;
    if (!dir) return;
    const d = module.diagnostic();
    const line = {
      suite: `vitest ${process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite"}`,
      file: path.relative(process.cwd(), module.moduleId),
      ms: Math.round(d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
      state: module.state(),
    };
    fs.appendFileSync(path.join(dir, `vitest-${process.env.TEST_DB ?? "sqlite"}.jsonl`), JSON.stringify(line) + "\n");
  }
}
