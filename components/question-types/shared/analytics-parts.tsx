/** Analytics bodies several types share, drawn from their typed summaries. */
import { LocalTime } from "@/components/ui";
import { ChoiceBars } from "@/components/analytics/choice-bars";
import { DistributionChart } from "@/components/analytics/distribution-chart";
import { formatAverage } from "@/components/analytics/format";
import styles from "@/components/analytics/analytics.module.css";
import type { Count } from "@/lib/analytics/view-model";

/** Every value of `labels` in order (zeros included), then any others the data has. */
export function ordered(labels: readonly string[], counts: Record<string, number>): Count[] {
  const seen = new Set(labels);
  const has = (label: string) => Object.prototype.hasOwnProperty.call(counts, label);
  return [
    ...labels.map((label) => ({ label, count: has(label) ? counts[label] : 0 })),
    ...Object.entries(counts).filter(([label]) => !seen.has(label)).map(([label, count]) => ({ label, count })),
  ];
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** rating and opinion scale: the average and one bar per scale value. */
export function ScaleBody({ title, avg, min, max, distribution }: { title: string; avg: number | null; min: number; max: number; distribution: Record<string, number> }) {
  return (
    <>
      <p className={styles.keyFigure}>
        Average <strong data-average>{formatAverage(avg)}</strong> <span className="muted">out of {max}</span>
      </p>
      <DistributionChart title={title} distribution={ordered(range(min, max), distribution)} />
    </>
  );
}

/** Choices: a bar per option, and "Other" (with its newest texts) when the question allows it. */
export function ChoicesBody({ responses, options, summary }: { responses: number; options: readonly string[]; summary: { options: Record<string, number>; other?: number; otherLatest?: { value: string; submittedAt: string }[] } }) {
  const bars = ordered(options, summary.options);
  if (summary.other !== undefined) bars.push({ label: "Other", count: summary.other });
  return (
    <>
      <ChoiceBars options={bars} responses={responses} />
      {summary.otherLatest?.length ? (
        <>
          <p className="muted small">Latest “Other” answers</p>
          <LatestList latest={summary.otherLatest} />
        </>
      ) : null}
    </>
  );
}

export function LatestList({ latest }: { latest: { value: string; submittedAt: string }[] }) {
  return (
    <ul className={styles.textAnswers}>
      {latest.map((answer, i) => (
        <li key={i}>
          <span className={styles.textValue}>{answer.value}</span>
          {answer.submittedAt && <span className="muted small"><LocalTime value={answer.submittedAt} /></span>}
        </li>
      ))}
    </ul>
  );
}

/** Text types: the newest answers. */
export function TextBody({ latest }: { latest: { value: string; submittedAt: string }[] }) {
  return (
    <>
      <p className="muted small">Latest answers</p>
      <LatestList latest={latest} />
    </>
  );
}
