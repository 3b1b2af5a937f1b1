/**
 * How long the builder's paths picture takes to compute (lib/logic/graph.ts)
 * on a 200-question form (the most a form may have) with a showIf and a jump
 * rule on every question and scores on a third of them: it runs on every
 * change in the builder. Prints the median and p95 of one pathGraph.
 * Usage: npx tsx scripts/measure-logic-graph.ts
 */
import type { EditedQuestion } from "@/lib/logic/editing";
import { pathGraph } from "@/lib/logic/graph";

const N = 200;
const questions: EditedQuestion[] = Array.from({ length: N }, (_, i) => {
  const kind = i % 3;
  const base: Partial<EditedQuestion> =
    kind === 0 ? { type: "single-choice", options: ["A", "B", "C"], scores: { A: 1, B: 2 } }
    : kind === 1 ? { type: "rating", scaleMin: 1, scaleMax: 5 }
    : { type: "number" };
  const key = `q${i}`;
  return {
    key,
    title: `Question ${i}`,
    ...base,
    type: base.type!,
    ...(i > 0 ? { showIf: { any: [{ question: `q${i - 1}`, op: "answered" }, { score: true, op: "gte", value: 3 }] } } : {}),
    ...(i < N - 2 ? { jump: [{ if: { question: key, op: "notAnswered" }, to: `q${i + 2}` }] } : {}),
  } as EditedQuestion;
});

for (let i = 0; i < 20; i++) pathGraph(questions); // warm up
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  const started = performance.now();
  pathGraph(questions);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const g = pathGraph(questions);
console.log(`pathGraph, ${N} questions with a showIf and a jump each: median ${times[100].toFixed(2)} ms, p95 ${times[190].toFixed(2)} ms (${g.edges.length} edges, ${g.unreachable.length} unreachable; 200 runs)`);
