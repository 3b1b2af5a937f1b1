import { formatNumber } from "@/components/analytics/format";
import styles from "@/components/analytics/analytics.module.css";
import type { AnalyticsCard } from "../types";

export const numberCard = {
  Body: ({ entry: { summary: s } }) => (
    <dl className={styles.numberStats}>
      <div><dt>Average</dt><dd>{formatNumber(s.avg)}</dd></div>
      <div><dt>Lowest</dt><dd>{formatNumber(s.min)}</dd></div>
      <div><dt>Highest</dt><dd>{formatNumber(s.max)}</dd></div>
    </dl>
  ),
} satisfies AnalyticsCard<"number">;
