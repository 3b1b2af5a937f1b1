import type { AnalyticsCard } from "../types";

/** A statement takes no answer: nothing to chart. */
export const statementCard = { Body: null } satisfies AnalyticsCard<"statement">;
