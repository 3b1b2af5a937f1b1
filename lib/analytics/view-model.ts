/**
 * The analytics page's view of the summary: one normalised shape per
 * question (QuestionView, below), ordered and labelled by the
 * published form, with every option and scale value present even at zero.
 */
import type { FormSchema, Question } from "@/lib/schema/form-schema";

// ---- What the analytics components draw ----

export interface Count {
  label: string;
  count: number;
}

interface Base {
  key: string;
  title: string;
  /** Finished responses that answered this question. */
  responses: number;
}

export type QuestionView =
  | (Base & { kind: "rating"; avg: number | null; scale: { min: number; max: number }; distribution: Count[] })
  | (Base & {
      kind: "nps";
      avg: number | null;
      distribution: Count[];
      score: number | null;
      promoters: number;
      passives: number;
      detractors: number;
    })
  | (Base & { kind: "choices"; multiple: boolean; options: Count[] })
  | (Base & { kind: "yes-no"; yes: number; no: number })
  | (Base & { kind: "number"; avg: number | null; min: number | null; max: number | null })
  | (Base & { kind: "text"; latest: { value: string; submittedAt: string }[] })
  /** A hidden field's most frequent values (where respondents came from). */
  | (Base & { kind: "hidden"; top: Count[] });

export interface Headline {
  totalResponses: number;
  todayResponses: number;
  weekResponses: number;
  /** 0..1 */
  completionRate: number;
}

export interface TrendPoint {
  date: string;
  count: number;
}

// ---- From the API's summary to those shapes ----

/**
 * The summary's per-question entry (lib/analytics/summary.ts getSummary):
 * rating/nps {avg, count, distribution, nps: promoters, passives, detractors,
 * score}; choices {count, options: {option: n}}; yes-no {yes, no}; number
 * {count, avg, min, max}; text types {count, latest: [{value, submittedAt}]};
 * hidden {count, top: [{value, count}]}.
 */
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
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.map(record) : []);

/** `{label: n}` → Map. */
const countsOf = (v: unknown) => new Map(Object.entries(record(v)).map(([label, n]) => [label, num(n)] as const));

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
      return { ...base, kind: "choices", multiple: entry.type === "multiple-choice", options: ordered(options, countsOf(s.options)) };
    }
    case "yes-no":
      return { ...base, kind: "yes-no", yes: num(s.yes), no: num(s.no) };
    case "number":
      return { ...base, kind: "number", avg: numOrNull(s.avg), min: numOrNull(s.min), max: numOrNull(s.max) };
    case "hidden":
      return {
        ...base,
        title: question?.title || entry.key,
        kind: "hidden",
        top: list(s.top).map((t) => ({ label: String(t.value ?? ""), count: num(t.count) })),
      };
    case "statement":
      return null;
    default:
      return {
        ...base,
        kind: "text",
        latest: list(s.latest).map((t) => ({ value: String(t.value ?? ""), submittedAt: String(t.submittedAt ?? "") })),
      };
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
