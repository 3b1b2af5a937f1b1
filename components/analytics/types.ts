/**
 * What the analytics components draw: per question, one normalised shape
 * (lib/analytics/view-model.ts builds these from the API's summary).
 */
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
