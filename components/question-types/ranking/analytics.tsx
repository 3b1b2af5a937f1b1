import { formatAverage } from "@/components/analytics/format";
import styles from "@/components/analytics/analytics.module.css";
import type { AnalyticsCard, AnalyticsCardProps } from "../types";

/** Average position per option (1 = first), best first; a longer bar is a better rank. */
function RankingBody({ entry, question }: AnalyticsCardProps<"ranking">) {
  const positions = entry.summary.averagePosition;
  const options = question?.options ?? Object.keys(positions);
  const n = Math.max(1, options.length);
  const avgOf = (o: string) => (Object.prototype.hasOwnProperty.call(positions, o) ? positions[o] : null);
  const sorted = [...options].sort((a, b) => (avgOf(a) ?? Infinity) - (avgOf(b) ?? Infinity));
  return (
    <>
      <p className="muted small">Average position (1 = ranked first)</p>
      <ol className={styles.bars}>
        {sorted.map((o) => {
          const avg = avgOf(o);
          // Position 1 fills the bar, position n shows a sliver.
          const width = avg === null ? 0 : ((n - avg + 1) / n) * 100;
          return (
            <li key={o} className={styles.barRow} data-option={o}>
              <span className={styles.barLabel}>{o}</span>
              <span className={styles.barTrack} aria-hidden="true"><span className={styles.barFill} style={{ width: `${width}%` }} /></span>
              <span className={styles.barValue}><span data-average>{formatAverage(avg)}</span></span>
            </li>
          );
        })}
      </ol>
    </>
  );
}

export const rankingCard = { Body: RankingBody } satisfies AnalyticsCard<"ranking">;
