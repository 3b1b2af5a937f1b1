/**
 * Shapes the analytics components draw. The per-question summaries need no
 * view model: each entry is typed by its type's summary schema
 * (lib/analytics/summary.ts QuestionSummaryEntry) and drawn by its type's
 * analytics card (components/question-types/<type>/analytics.tsx).
 */

// ---- What the analytics components draw ----

export interface Count {
  label: string;
  count: number;
}

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
