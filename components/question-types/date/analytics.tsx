import { TextBody } from "../shared/analytics-parts";
import type { AnalyticsCard } from "../types";

export const dateCard = { Body: ({ entry }) => <TextBody latest={entry.summary.latest} /> } satisfies AnalyticsCard<"date">;
