import { DistributionChart } from "@/components/analytics/distribution-chart";
import { ordered } from "../shared/analytics-parts";
import type { AnalyticsCard } from "../types";

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0"));

/** Answers per hour of the day. */
export const timeCard = {
  Body: ({ entry, title }) => (
    <>
      <p className="muted small">Answers per hour of the day</p>
      <DistributionChart title={title} distribution={ordered(HOURS, entry.summary.hours)} />
    </>
  ),
} satisfies AnalyticsCard<"time">;
