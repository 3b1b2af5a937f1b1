import { formatCount, percentOf } from "@/components/analytics/format";
import styles from "@/components/analytics/analytics.module.css";
import { ordered } from "../shared/analytics-parts";
import type { AnalyticsCard } from "../types";
import { assetUrl } from "@/lib/files/asset-url";

/** Choice bars, each with its picture's thumbnail (the owner sees the form's assets at any time). */
export const pictureChoiceCard = {
  Body: ({ entry, question }) => {
    const images = new Map((question?.pictures ?? []).map((o) => [o.label, o.image]));
    const bars = ordered(question?.pictures.map((o) => o.label) ?? [], entry.summary.options);
    const max = Math.max(1, ...bars.map((b) => b.count));
    return (
      <ul className={styles.bars}>
        {bars.map((b) => {
          const image = images.get(b.label);
          return (
            <li key={b.label} className={styles.barRow} data-option={b.label}>
              <span className={styles.barLabel}>
                {image ? <img src={assetUrl(image)} alt="" width={32} height={24} style={{ objectFit: "cover", borderRadius: 4, verticalAlign: "middle", marginRight: 8 }} /> : null}
                {b.label}
              </span>
              <span className={styles.barTrack} aria-hidden="true">
                <span className={styles.barFill} style={{ width: `${(b.count / max) * 100}%` }} />
              </span>
              <span className={styles.barValue}>
                <span data-count>{formatCount(b.count)}</span> <span className="muted">({percentOf(b.count, entry.responses)}%)</span>
              </span>
            </li>
          );
        })}
      </ul>
    );
  },
} satisfies AnalyticsCard<"picture-choice">;
