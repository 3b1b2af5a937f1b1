/**
 * The logic scenario of the benchmark, `--logic`: on a
 * 100-question form with logic on every question, computing the path (in
 * this process, as the server does once per finished response) must take
 * under 1 ms, and submission throughput must be at least 0.9 × that of the
 * same form without logic. The two forms are loaded alternately on one
 * server (without, with, without, with), so a drift of the machine during
 * the run weighs on both.
 */
import { computePath } from "@/lib/logic";
import { formSchemaSchema } from "@/lib/schema/form-schema";
import { startServer } from "../../tests/setup/server";
import { logicBenchAnswers, logicBenchQuestions, LOGIC_QUESTIONS } from "./logic-form";
import { postLoad, timeGet, type Load } from "./measure";

const CONNECTIONS = 8;

export interface LogicPathTiming {
  questions: number;
  onPath: number;
  score: number | null;
  runs: number;
  median: number;
  p99: number;
  max: number;
}

/** computePath on the 100-question form, in milliseconds. */
export function measureLogicPath(runs = 20_000): LogicPathTiming {
  const parsed = formSchemaSchema.parse({ title: "Measure", questions: logicBenchQuestions({ logic: true }) });
  const answers = logicBenchAnswers();
  const check = computePath(parsed, answers);
  for (let i = 0; i < 2_000; i++) computePath(parsed, answers); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    computePath(parsed, answers);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    questions: LOGIC_QUESTIONS,
    onPath: check.onPath.filter(Boolean).length,
    score: check.score,
    runs,
    median: times[runs >> 1],
    p99: times[Math.floor(runs * 0.99)],
    max: times[runs - 1],
  };
}

export interface LogicBench {
  path: LogicPathTiming;
  without: Load;
  with: Load;
  /** Median ms of the big form's summary: unfiltered, ending=end, ending=end&scoreMin=0. */
  summaries: { label: string; ms: number }[];
}

async function createPublished(baseUrl: string, writeKey: string, title: string, logic: boolean): Promise<string> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${writeKey}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { form: { id: string; slug: string } };
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { form } = await call("POST", "/api/forms", { title });
  await call("PUT", `/api/forms/${form.id}/version/draft`, { title, questions: logicBenchQuestions({ logic }) });
  return (await call("POST", `/api/forms/${form.id}/publish`)).form.slug;
}

const sum = (a: Load, b: Load): Load => ({
  rps: (a.rps + b.rps) / 2,
  p50: Math.max(a.p50, b.p50),
  p99: Math.max(a.p99, b.p99),
  ok: a.ok + b.ok,
  other: a.other + b.other,
});

export async function benchLogic(
  databaseUrl: string,
  keys: { writeKey: string; readKey: string },
  mainFormId: string,
  seconds: number,
  log: (line: string) => void,
): Promise<LogicBench> {
  const { writeKey } = keys;
  const path = measureLogicPath();
  const server = await startServer(databaseUrl, { SUBMISSION_RATE_LIMIT: "0" });
  try {
    const stamp = Date.now().toString(36);
    const plain = await createPublished(server.baseUrl, writeKey, `Bench 100 questions, no logic ${stamp}`, false);
    const logic = await createPublished(server.baseUrl, writeKey, `Bench 100 questions, logic ${stamp}`, true);
    const body = { answers: logicBenchAnswers() };
    const url = (slug: string) => `${server.baseUrl}/api/public/forms/${slug}/responses`;
    for (const slug of [plain, logic]) {
      const res = await fetch(url(slug), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`logic bench: ${res.status} ${await res.text()}`);
    }
    // The summary's logic parts (endings, scores, path counts) on the seeded form, unfiltered and by ending/score.
    const summaries: { label: string; ms: number }[] = [];
    for (const [label, query] of [["unfiltered", ""], ["ending=end", "?ending=end"], ["ending=end&scoreMin=0", "?ending=end&scoreMin=0"]]) {
      const t = await timeGet(`${server.baseUrl}/api/forms/${mainFormId}/analytics/summary${query}`, { authorization: `Bearer ${keys.readKey}` });
      summaries.push({ label, ms: t.ms });
    }
    const half = Math.max(1, Math.round(seconds / 2));
    log(`logic: 100-question forms, alternating loads of ${half} s …`);
    // 8 connections, not 32: a 100-answer submission is ~8× the main form's work, and 32 queued
    // clients would hit autocannon's 10 s timeout on a busy machine instead of measuring throughput.
    const w1 = await postLoad(url(plain), body, half, CONNECTIONS);
    const l1 = await postLoad(url(logic), body, half, CONNECTIONS);
    const w2 = await postLoad(url(plain), body, half, CONNECTIONS);
    const l2 = await postLoad(url(logic), body, half, CONNECTIONS);
    return { path, without: sum(w1, w2), with: sum(l1, l2), summaries };
  } finally {
    await server.stop();
  }
}
