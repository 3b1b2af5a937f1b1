import { FileCount } from "../file-upload/analytics";
import type { AnalyticsCard } from "../types";

export const signatureCard = {
  // One file per signature: the count says how many; their size is what they take up.
  Body: ({ entry: { summary } }) => <FileCount count={summary.count} bytes={summary.totalBytes} one="response signed" many="responses signed" />,
} satisfies AnalyticsCard<"signature">;
