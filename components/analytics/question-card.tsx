import { cardBodyOf } from "@/components/question-types/analytics-cards";
import type { AnalyticsSummary } from "@/lib/analytics/summary";
import type { FormSchema, Question } from "@/lib/schema/form-schema";
import { formatCount } from "./format";
import styles from "./analytics.module.css";

type Entry = AnalyticsSummary["questions"][number];

/**
 * One question's numbers with the chart that fits its type
 * (components/question-types/<type>/analytics.tsx), from the summary's typed entry.
 */
export function QuestionCard({ entry, question }: { entry: Entry; question: Question | undefined }) {
  const Body = cardBodyOf(entry.type);
  if (!Body) return null;
  const title = (question && "title" in question && question.title) || entry.title || entry.key;
  return (
    <section className={styles.card} aria-labelledby={`q-${entry.key}`} data-question={entry.key}>
      <header className={styles.cardHeader}>
        <h3 id={`q-${entry.key}`}>
          {title}
          {entry.type === "hidden" && <span className="muted small"> (hidden field)</span>}
        </h3>
        <p className="muted">
          {formatCount(entry.responses)} {entry.responses === 1 ? "response" : "responses"}
          {/* Path counts matter once logic can take a question off the path, or someone left the form here. */}
          {entry.type !== "hidden" && (entry.onPath !== entry.responses || entry.dropOff > 0) && (
            <span data-testid="path-counts">
              {" · "}{formatCount(entry.onPath)} had it on their path · {formatCount(entry.dropOff)} left the form here
            </span>
          )}
        </p>
      </header>
      {entry.responses === 0 ? <p className="muted">No answers yet.</p> : <Body entry={entry} question={question?.type === entry.type ? question : undefined} title={title} />}
    </section>
  );
}

/** The summary's entries in the published form's order; questions the form no longer has come last. */
export function inFormOrder(entries: Entry[], schema: Pick<FormSchema, "questions"> | null) {
  const byKey = new Map((schema?.questions ?? []).map((q, i) => [q.key, { q, i }] as const));
  return [...entries]
    .filter((e) => cardBodyOf(e.type) !== null)
    .sort((a, b) => (byKey.get(a.key)?.i ?? byKey.size) - (byKey.get(b.key)?.i ?? byKey.size))
    .map((entry) => ({ entry, question: byKey.get(entry.key)?.q }));
}
