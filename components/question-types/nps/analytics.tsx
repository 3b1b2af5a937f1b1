import { NPS_COLORS } from "@/components/analytics/colors";
import { DistributionChart } from "@/components/analytics/distribution-chart";
import { formatAverage, formatCount, percentOf } from "@/components/analytics/format";
import styles from "@/components/analytics/analytics.module.css";
import { ordered, range } from "../shared/analytics-parts";
import type { AnalyticsCard, AnalyticsCardProps } from "../types";

function NpsBody({ entry, title }: AnalyticsCardProps<"nps">) {
  const s = entry.summary;
  const groups = s.promoters + s.passives + s.detractors;
  return (
    <>
      <p className={styles.keyFigure}>
        NPS <strong data-nps-score>{s.count ? Math.round(s.score) : "—"}</strong>
        <span className="muted"> · average {formatAverage(s.avg)}</span>
      </p>
      <dl className={styles.npsGroups}>
        <div><dt><span className={styles.swatch} style={{ background: NPS_COLORS.promoter }} aria-hidden="true" />Promoters (9–10)</dt><dd>{formatCount(s.promoters)} ({percentOf(s.promoters, groups)}%)</dd></div>
        <div><dt><span className={styles.swatch} style={{ background: NPS_COLORS.passive }} aria-hidden="true" />Passives (7–8)</dt><dd>{formatCount(s.passives)} ({percentOf(s.passives, groups)}%)</dd></div>
        <div><dt><span className={styles.swatch} style={{ background: NPS_COLORS.detractor }} aria-hidden="true" />Detractors (0–6)</dt><dd>{formatCount(s.detractors)} ({percentOf(s.detractors, groups)}%)</dd></div>
      </dl>
      <DistributionChart title={title} distribution={ordered(range(0, 10), s.distribution)} nps />
    </>
  );
}

export const npsCard = { Body: NpsBody } satisfies AnalyticsCard<"nps">;
