import { ChoiceBars } from "@/components/analytics/choice-bars";
import type { AnalyticsCard } from "../types";

/** A hidden field's most frequent values (where respondents came from). */
export const hiddenCard = {
  Body: ({ entry }) => (
    <>
      <p className="muted small">Most frequent values</p>
      <ChoiceBars options={entry.summary.top.map((t) => ({ label: t.value, count: t.count }))} responses={entry.responses} />
    </>
  ),
} satisfies AnalyticsCard<"hidden">;
