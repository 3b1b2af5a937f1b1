import { ScaleBody } from "../shared/analytics-parts";
import type { AnalyticsCard } from "../types";

export const ratingCard = {
  Body: ({ entry, question, title }) => (
    <ScaleBody title={title} avg={entry.summary.avg} min={question?.scaleMin ?? 1} max={question?.scaleMax ?? 5} distribution={entry.summary.distribution} />
  ),
} satisfies AnalyticsCard<"rating">;
