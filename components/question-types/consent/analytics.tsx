import { formatCount } from "@/components/analytics/format";
import styles from "@/components/analytics/analytics.module.css";
import type { AnalyticsCard } from "../types";

/** How many gave their consent (an unticked box is no answer, so there is no "no" to count). */
export const consentCard = {
  Body: ({ entry }) => (
    <p className={styles.keyFigure}>
      <strong data-count>{formatCount(entry.summary.count)}</strong> <span className="muted">{entry.summary.count === 1 ? "response gave consent" : "responses gave consent"}</span>
    </p>
  ),
} satisfies AnalyticsCard<"consent">;
