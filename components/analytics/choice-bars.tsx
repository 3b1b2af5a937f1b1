import { formatCount, percentOf } from "./format";
import type { Count } from "@/lib/analytics/view-model";
import styles from "./analytics.module.css";

/**
 * Horizontal bars with count and share, drawn in HTML rather than SVG: option
 * labels of any length wrap instead of being clipped by a chart axis, and the
 * list reads naturally to screen readers (no separate data table needed).
 * Shares are of the question's responses, so multiple-choice shares may add
 * up to more than 100%.
 */
export function ChoiceBars({ options, responses }: { options: Count[]; responses: number }) {
  const max = Math.max(1, ...options.map((o) => o.count));
  return (
    <ul className={styles.bars}>
      {options.map((o) => {
        const share = percentOf(o.count, responses);
        return (
          <li key={o.label} className={styles.barRow} data-option={o.label}>
            <span className={styles.barLabel}>{o.label}</span>
            <span className={styles.barTrack} aria-hidden="true">
              <span className={styles.barFill} style={{ width: `${(o.count / max) * 100}%` }} />
            </span>
            <span className={styles.barValue}>
              <span data-count>{formatCount(o.count)}</span> <span className="muted">({share}%)</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
