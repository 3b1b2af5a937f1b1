/**
 * The analytics page's view of the summary: one normalised shape per
 * question (components/analytics/types.ts), ordered and labelled by the
 * published form, with every option and scale value present even at zero.
 */
import type { Count, QuestionView } from "@/components/analytics/types";
import type { FormSchema, Question } from "@/lib/schema/form-schema";

/** The summary's per-question entry as the API sends it (summary varies by type). */
export interface SummaryQuestion {
  key: string;
  title?: string | null;
  type: string;
  responses: number;
  summary: Record<string, unknown>;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const numOrNull = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const record = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Counts per label from `{label: n}` or `[{option|label|value, count}]`. */
function countsOf(v: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (Array.isArray(v)) {
    for (const item of v) {
      const r = record(item);
      const label = r.option ?? r.label ?? r.value;
      if (typeof label === "string" || typeof label === "number") out.set(String(label), num(r.count));
    }
  } else {
    for (const [label, count] of Object.entries(record(v))) out.set(label, num(count));
  }
  return out;
}

/** Every value of `labels` in order (zeros included), then any others the data has. */
function ordered(labels: string[], counts: Map<string, number>): Count[] {
  const seen = new Set(labels);
  return [
    ...labels.map((label) => ({ label, count: counts.get(label) ?? 0 })),
    ...[...counts].filter(([label]) => !seen.has(label)).map(([label, count]) => ({ label, count })),
  ];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** The view of one question, or null for types with nothing to chart. */
export function toQuestionView(entry: SummaryQuestion, question: Question | undefined): QuestionView | null {
  const s = record(entry.summary);
  const base = { key: entry.key, title: question?.title || entry.title || entry.key, responses: num(entry.responses) };
  switch (entry.type) {
    case "rating": {
      const scale = question?.type === "rating" ? { min: question.scaleMin, max: question.scaleMax } : { min: 1, max: 5 };
      return { ...base, kind: "rating", avg: numOrNull(s.avg), scale, distribution: ordered(range(scale.min, scale.max), countsOf(s.distribution)) };
    }
    case "nps":
      return {
        ...base,
        kind: "nps",
        avg: numOrNull(s.avg),
        distribution: ordered(range(0, 10), countsOf(s.distribution)),
        score: numOrNull(s.score),
        promoters: num(s.promoters),
        passives: num(s.passives),
        detractors: num(s.detractors),
      };
    case "single-choice":
    case "multiple-choice":
    case "dropdown": {
      const options = question && "options" in question ? question.options : [];
      // The counts may sit directly in the summary or under a key of their own.
      const source = s.counts ?? s.options ?? s.choices ?? s;
      return { ...base, kind: "choices", multiple: entry.type === "multiple-choice", options: ordered(options, countsOf(source)) };
    }
    case "yes-no":
      return { ...base, kind: "yes-no", yes: num(s.yes), no: num(s.no) };
    case "number":
      return { ...base, kind: "number", avg: numOrNull(s.avg), min: numOrNull(s.min), max: numOrNull(s.max) };
    case "statement":
    case "hidden":
      return null;
    default: {
      const latest = Array.isArray(s.latest) ? s.latest.map((v) => (typeof v === "string" ? v : String(record(v).value ?? v))) : [];
      return { ...base, kind: "text", latest };
    }
  }
}

/** Views in the published form's order; questions the form no longer has come last. */
export function toQuestionViews(entries: SummaryQuestion[], schema: Pick<FormSchema, "questions"> | null): QuestionView[] {
  const byKey = new Map((schema?.questions ?? []).map((q) => [q.key, q] as const));
  const order = new Map((schema?.questions ?? []).map((q, i) => [q.key, i] as const));
  return [...entries]
    .sort((a, b) => (order.get(a.key) ?? order.size) - (order.get(b.key) ?? order.size))
    .map((e) => toQuestionView(e, byKey.get(e.key)))
    .filter((v): v is QuestionView => v !== null);
}
