import type { CSSProperties } from "react";
import { formatCount } from "@/components/analytics/format";
import styles from "@/components/analytics/analytics.module.css";
import type { AnalyticsCard, AnalyticsCardProps } from "../types";

/** Picks per row and column as a real table, each cell shaded by its share of the row (a heatmap). */
function MatrixBody({ entry, question, title }: AnalyticsCardProps<"matrix">) {
  const rows = question?.rows ?? Object.keys(entry.summary.rows);
  const columns = question?.columns ?? [...new Set(Object.values(entry.summary.rows).flatMap((r) => Object.keys(r)))];
  const countAt = (row: string, col: string) => {
    const cells = Object.prototype.hasOwnProperty.call(entry.summary.rows, row) ? entry.summary.rows[row] : undefined;
    return cells && Object.prototype.hasOwnProperty.call(cells, col) ? cells[col] : 0;
  };
  return (
    <div className={styles.matrixWrap}>
      <table className={styles.matrix}>
        <caption className="visually-hidden">{title}: picks per row and column</caption>
        <thead>
          <tr><td />{columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const total = columns.reduce((s, c) => s + countAt(row, c), 0);
            return (
              <tr key={row} data-row={row}>
                <th scope="row">{row}</th>
                {columns.map((c) => {
                  const n = countAt(row, c);
                  const share = total ? n / total : 0;
                  return (
                    <td key={c} data-column={c} style={{ "--share": share } as CSSProperties} className={styles.heat}>
                      {formatCount(n)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export const matrixCard = { Body: MatrixBody } satisfies AnalyticsCard<"matrix">;
