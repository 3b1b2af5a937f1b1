import { formatCount, percentOf } from "./format";
import styles from "./analytics.module.css";

/** One bar split into its yes and no shares, with the numbers as text. */
export function YesNoSplit({ yes, no }: { yes: number; no: number }) {
  const total = yes + no;
  const yesShare = percentOf(yes, total);
  return (
    <div className={styles.split}>
      <div className={styles.splitBar} aria-hidden="true">
        {total > 0 && (
          <>
            <span className={styles.splitYes} style={{ width: `${(yes / total) * 100}%` }} />
            <span className={styles.splitNo} style={{ width: `${(no / total) * 100}%` }} />
          </>
        )}
      </div>
      <dl className={styles.splitLegend}>
        <div><dt><span className={styles.swatchYes} aria-hidden="true" />Yes</dt><dd>{formatCount(yes)} ({yesShare}%)</dd></div>
        <div><dt><span className={styles.swatchNo} aria-hidden="true" />No</dt><dd>{formatCount(no)} ({total > 0 ? 100 - yesShare : 0}%)</dd></div>
      </dl>
    </div>
  );
}
