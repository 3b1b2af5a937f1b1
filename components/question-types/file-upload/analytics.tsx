import { formatCount } from "@/components/analytics/format";
import styles from "@/components/analytics/analytics.module.css";
import type { AnalyticsCard } from "../types";
import { formatSize } from "./upload";

/** How many responses attached files, how many files and how much they take up. */
export const fileUploadCard = {
  Body: ({ entry: { summary } }) => (
    <FileCount count={summary.count} files={summary.files} bytes={summary.totalBytes} one="response with files" many="responses with files" />
  ),
} satisfies AnalyticsCard<"file-upload">;

export function FileCount({ count, files, bytes, one, many }: { count: number; files?: number; bytes?: number; one: string; many: string }) {
  return (
    <>
      <p className={styles.keyFigure}>
        <strong data-count>{formatCount(count)}</strong> <span className="muted">{count === 1 ? one : many}</span>
      </p>
      {files !== undefined || bytes !== undefined ? (
        <p className="muted small">
          {files !== undefined ? <><span data-files>{formatCount(files)}</span> {files === 1 ? "file" : "files"}</> : null}
          {files !== undefined && bytes !== undefined ? ", " : null}
          {bytes !== undefined ? <><span data-bytes>{formatSize(bytes)}</span> in total</> : null}
        </p>
      ) : null}
    </>
  );
}
