import { LocalTime } from "@/components/ui";
import { ChoiceBars } from "./choice-bars";
import { NPS_COLORS } from "./colors";
import { DistributionChart } from "./distribution-chart";
import { formatAverage, formatCount, formatNumber, percentOf } from "./format";
import type { QuestionView } from "@/lib/analytics/view-model";
import { YesNoSplit } from "./yes-no-split";
import styles from "./analytics.module.css";

/** One question's numbers with the chart that fits its type. */
export function QuestionCard({ question: q }: { question: QuestionView }) {
  return (
    <section className={styles.card} aria-labelledby={`q-${q.key}`} data-question={q.key}>
      <header className={styles.cardHeader}>
        <h3 id={`q-${q.key}`}>
          {q.title}
          {q.kind === "hidden" && <span className="muted small"> (hidden field)</span>}
        </h3>
        <p className="muted">{formatCount(q.responses)} {q.responses === 1 ? "response" : "responses"}</p>
      </header>
      {q.responses === 0 ? <p className="muted">No answers yet.</p> : <Body question={q} />}
    </section>
  );
}

function Body({ question: q }: { question: QuestionView }) {
  switch (q.kind) {
    case "rating":
      return (
        <>
          <p className={styles.keyFigure}>
            Average <strong data-average>{formatAverage(q.avg)}</strong> <span className="muted">out of {q.scale.max}</span>
          </p>
          <DistributionChart title={q.title} distribution={q.distribution} />
        </>
      );
    case "nps": {
      const groups = q.promoters + q.passives + q.detractors;
      return (
        <>
          <p className={styles.keyFigure}>
            NPS <strong data-nps-score>{q.score === null ? "—" : Math.round(q.score)}</strong>
            <span className="muted"> · average {formatAverage(q.avg)}</span>
          </p>
          <dl className={styles.npsGroups}>
            <div><dt><span className={styles.swatch} style={{ background: NPS_COLORS.promoter }} aria-hidden="true" />Promoters (9–10)</dt><dd>{formatCount(q.promoters)} ({percentOf(q.promoters, groups)}%)</dd></div>
            <div><dt><span className={styles.swatch} style={{ background: NPS_COLORS.passive }} aria-hidden="true" />Passives (7–8)</dt><dd>{formatCount(q.passives)} ({percentOf(q.passives, groups)}%)</dd></div>
            <div><dt><span className={styles.swatch} style={{ background: NPS_COLORS.detractor }} aria-hidden="true" />Detractors (0–6)</dt><dd>{formatCount(q.detractors)} ({percentOf(q.detractors, groups)}%)</dd></div>
          </dl>
          <DistributionChart title={q.title} distribution={q.distribution} nps />
        </>
      );
    }
    case "choices":
      return <ChoiceBars options={q.options} responses={q.responses} />;
    case "yes-no":
      return <YesNoSplit yes={q.yes} no={q.no} />;
    case "number":
      return (
        <dl className={styles.numberStats}>
          <div><dt>Average</dt><dd>{formatNumber(q.avg)}</dd></div>
          <div><dt>Lowest</dt><dd>{formatNumber(q.min)}</dd></div>
          <div><dt>Highest</dt><dd>{formatNumber(q.max)}</dd></div>
        </dl>
      );
    case "text":
      return (
        <>
          <p className="muted small">Latest answers</p>
          <ul className={styles.textAnswers}>
            {q.latest.map((answer, i) => (
              <li key={i}>
                <span className={styles.textValue}>{answer.value}</span>
                {answer.submittedAt && <span className="muted small"><LocalTime value={answer.submittedAt} /></span>}
              </li>
            ))}
          </ul>
        </>
      );
    case "hidden":
      return (
        <>
          <p className="muted small">Most frequent values</p>
          <ChoiceBars options={q.top} responses={q.responses} />
        </>
      );
  }
}
