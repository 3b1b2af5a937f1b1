import type { Headline } from "@/lib/analytics/view-model";
import { formatCount, formatRate } from "./format";
import styles from "./analytics.module.css";

/** The four headline numbers, each with what it counts. */
export function HeadlineStats({ headline }: { headline: Headline }) {
  const stats = [
    { id: "total", label: "Total responses", value: formatCount(headline.totalResponses), hint: "Finished responses" },
    { id: "today", label: "Today", value: formatCount(headline.todayResponses), hint: "Since midnight UTC" },
    { id: "week", label: "Last 7 days", value: formatCount(headline.weekResponses), hint: "Today and the 6 days before" },
    { id: "completion", label: "Completion rate", value: formatRate(headline.completionRate), hint: "Finished ÷ opened or started" },
  ];
  return (
    <dl className={styles.headline}>
      {stats.map((s) => (
        <div key={s.id} className={styles.stat} data-stat={s.id}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
          <dd className={styles.statHint}>{s.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
