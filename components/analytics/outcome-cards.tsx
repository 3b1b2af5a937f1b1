import type { AnalyticsSummary } from "@/lib/analytics/summary";
import { ChoiceBars } from "./choice-bars";
import { DistributionChart } from "./distribution-chart";
import { formatCount, formatNumber } from "./format";
import styles from "./analytics.module.css";

/** How many finished responses reached each ending (the default one included), as bars with their share. */
export function EndingsCard({ endings, responses }: { endings: AnalyticsSummary["endings"]; responses: number }) {
  return (
    <section className={styles.card} aria-labelledby="endings-title" data-testid="endings">
      <header className={styles.cardHeader}>
        <h3 id="endings-title">Endings</h3>
        <p className="muted">Which thank-you screen finished responses reached</p>
      </header>
      <ChoiceBars options={endings.map((e) => ({ label: e.title, count: e.count }))} responses={responses} />
    </section>
  );
}

/** The score's average, range and histogram (one bar per score, or equal-width bins when scores are many). */
export function ScoreCard({ score }: { score: NonNullable<AnalyticsSummary["score"]> }) {
  const label = (b: { from: number; to: number }) => (b.from === b.to ? formatNumber(b.from) : `${formatNumber(b.from)}–${formatNumber(b.to)}`);
  return (
    <section className={styles.card} aria-labelledby="score-title" data-testid="score">
      <header className={styles.cardHeader}>
        <h3 id="score-title">Score</h3>
        <p className="muted">{formatCount(score.count)} scored {score.count === 1 ? "response" : "responses"}</p>
      </header>
      {score.count === 0 ? (
        <p className="muted">No scores yet.</p>
      ) : (
        <>
          <p className={styles.keyFigure}>
            <strong data-testid="score-average">{formatNumber(score.average)}</strong> <span className="muted">average, from {formatNumber(score.min)} to {formatNumber(score.max)}</span>
          </p>
          <DistributionChart title="Score" distribution={score.histogram.map((b) => ({ label: label(b), count: b.count }))} />
        </>
      )}
    </section>
  );
}
