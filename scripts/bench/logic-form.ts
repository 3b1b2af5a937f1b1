/**
 * The logic speed target's form: 100 questions with logic on
 * every one (showIf with all/any/not, a jump rule, scores on the choices and
 * ratings), the same form with the logic taken out, and one respondent's
 * answers to either. Shared by `npm run bench -- --logic` and
 * scripts/measure-logic-path.ts, so both measure the same form.
 */
export const LOGIC_QUESTIONS = 100;

type Q = Record<string, unknown> & { key: string; type: string };

export function logicBenchQuestions({ logic }: { logic: boolean }): Q[] {
  return Array.from({ length: LOGIC_QUESTIONS }, (_, i) => {
    const key = `q${i}`;
    const kind = i % 4;
    const base =
      kind === 0 ? { type: "single-choice", options: ["A", "B", "C"], ...(logic ? { scores: { A: 1, B: 2, C: 3 } } : {}) }
      : kind === 1 ? { type: "number" }
      : kind === 2 ? { type: "rating", scaleMin: 1, scaleMax: 5, ...(logic ? { scores: { "5": 2 } } : {}) }
      : { type: "short-text" };
    if (!logic) return { key, title: `Question ${i}`, ...base };
    const showIf = i === 0 ? undefined : {
      any: [
        { all: [{ question: `q${i - 1}`, op: "answered" }, { not: { score: true, op: "gt", value: 10_000 } }] },
        { question: `q${Math.max(0, i - 2)}`, op: "notAnswered" },
      ],
    };
    // Jumps on every question that (with the answers below) never fire, so the whole path is walked.
    const jump = i < LOGIC_QUESTIONS - 2 ? [{ if: { all: [{ question: key, op: "answered" }, { score: true, op: "lt", value: -1 }] }, to: `q${i + 2}` }] : undefined;
    return { key, title: `Question ${i}`, ...base, ...(showIf ? { showIf } : {}), ...(jump ? { jump } : {}) };
  });
}

/** An answer to every question (all of them stay on the path). */
export function logicBenchAnswers(): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  logicBenchQuestions({ logic: false }).forEach((q, i) => {
    answers[q.key] = q.type === "single-choice" ? "B" : q.type === "number" ? i : q.type === "rating" ? 5 : `text ${i}`;
  });
  return answers;
}
