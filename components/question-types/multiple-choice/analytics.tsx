import { ChoicesBody } from "../shared/analytics-parts";
import type { AnalyticsCard } from "../types";

export const multipleChoiceCard = {
  Body: ({ entry, question }) => <ChoicesBody responses={entry.responses} options={question?.options ?? []} summary={entry.summary} />,
} satisfies AnalyticsCard<"multiple-choice">;
