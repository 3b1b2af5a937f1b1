import { ScaleBody } from "../shared/analytics-parts";
import type { AnalyticsCard } from "../types";

/** Like rating: the average and a bar per scale value. */
export const opinionScaleCard = {
  Body: ({ entry, question, title }) => (
    <ScaleBody title={title} avg={entry.summary.avg} min={question?.scaleMin ?? 0} max={question?.scaleMax ?? 10} distribution={entry.summary.distribution} />
  ),
} satisfies AnalyticsCard<"opinion-scale">;
