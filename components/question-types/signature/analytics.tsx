import { FileCount } from "../file-upload/analytics";
import type { AnalyticsCard } from "../types";

export const signatureCard = {
  Body: ({ entry }) => <FileCount count={entry.summary.count} one="response signed" many="responses signed" />,
} satisfies AnalyticsCard<"signature">;
