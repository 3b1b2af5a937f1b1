import { TextBody } from "../shared/analytics-parts";
import type { AnalyticsCard } from "../types";

export const shortTextCard = { Body: ({ entry }) => <TextBody latest={entry.summary.latest} /> } satisfies AnalyticsCard<"short-text">;
