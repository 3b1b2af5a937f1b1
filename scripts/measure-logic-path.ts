/**
 * How long the logic engine takes on a 100-question form with logic on every
 * question (showIf with all/any/not, jump rules, scores): prints the time of
 * one computePath, as the server runs it once per finished response.
 * Usage: npx tsx scripts/measure-logic-path.ts
 */
import { computePath } from "@/lib/logic";
import { formSchemaSchema } from "@/lib/schema/form-schema";

const N = 100;
const questions = Array.from({ length: N }, (_, i) => {
  const key = `q${i}`;
  const prev = `q${i - 1}`;
  const kind = i % 4;
  const base =
    kind === 0 ? { type: "single-choice", options: ["A", "B", "C"], scores: { A: 1, B: 2, C: 3 } }
    : kind === 1 ? { type: "number" }
    : kind === 2 ? { type: "rating", scaleMin: 1, scaleMax: 5, scores: { "5": 2 } }
    : { type: "short-text" };
  const showIf = i === 0 ? undefined : {
    any: [
      { all: [{ question: prev, op: "answered" }, { not: { score: true, op: "gt", value: 10_000 } }] },
      { question: `q${Math.max(0, i - 2)}`, op: "notAnswered" },
    ],
  };
  // Jumps that exist on every question but (with the answers below) rarely fire, so the path stays long.
  const jump = i < N - 2 ? [{ if: { all: [{ question: key, op: "answered" }, { score: true, op: "lt", value: -1 }] }, to: `q${i + 2}` }] : undefined;
  return { key, title: `Question ${i}`, ...base, ...(showIf ? { showIf } : {}), ...(jump ? { jump } : {}) };
});
const parsed = formSchemaSchema.parse({ title: "Measure", questions });
const answers: Record<string, unknown> = {};
questions.forEach((q, i) => {
  answers[q.key] = q.type === "single-choice" ? "B" : q.type === "number" ? i : q.type === "rating" ? 5 : `text ${i}`;
});

const check = computePath(parsed, answers);
const runs = 20_000;
for (let i = 0; i < 2_000; i++) computePath(parsed, answers); // warm up
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  computePath(parsed, answers);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
console.log(`${N} questions, ${check.onPath.filter(Boolean).length} on the path, score ${check.score}`);
console.log(`computePath: median ${us(times[runs >> 1])}, p99 ${us(times[Math.floor(runs * 0.99)])}, max ${us(times[runs - 1])} (${runs} runs)`);
