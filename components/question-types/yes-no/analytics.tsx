import { YesNoSplit } from "@/components/analytics/yes-no-split";
import type { AnalyticsCard } from "../types";

export const yesNoCard = { Body: ({ entry }) => <YesNoSplit yes={entry.summary.yes} no={entry.summary.no} /> } satisfies AnalyticsCard<"yes-no">;
