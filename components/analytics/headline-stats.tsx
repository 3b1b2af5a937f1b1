import { formatCount, formatRate } from "./format";
import type { Headline } from "@/lib/analytics/view-model";
import styles from "./analytics.module.css";

/** The four headline numbers. */
export function HeadlineStats({ headline }: { headline: Headline }) {
  const stats = [
    { label: "Total responses", value: formatCount(headline.totalResponses), id: "total" },
    { label: "Today", value: formatCount(headline.todayResponses), id: "today" },
    { label: "Last 7 days", value: formatCount(headline.weekResponses), id: "week" },
    { label: "Completion rate", value: formatRate(headline.completionRate), id: "completion" },
  ];
  return (
    <dl className={styles.headline}>
      {stats.map((s) => (
        <div key={s.id} className={styles.stat} data-stat={s.id}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
