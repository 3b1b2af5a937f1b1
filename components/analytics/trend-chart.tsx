"use client";

/**
 * Responses per day over the last 30 days (UTC). The chart is drawn for
 * sighted users; screen readers get the same numbers as a table.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DataTable } from "./data-table";
import { formatCount, shortDay } from "./format";
import type { TrendPoint } from "@/lib/analytics/view-model";
import styles from "./analytics.module.css";

export function TrendChart({ points }: { points: TrendPoint[] }) {
  const total = points.reduce((sum, p) => sum + p.count, 0);
  const busiest = points.reduce<TrendPoint | null>((best, p) => (best === null || p.count > best.count ? p : best), null);
  const label = `Responses per day, last 30 days: ${formatCount(total)} in total` +
    (busiest && busiest.count > 0 ? `, busiest day ${shortDay(busiest.date)} with ${formatCount(busiest.count)}` : "");
  const data = points.map((p) => ({ ...p, day: shortDay(p.date) }));

  return (
    <figure className={styles.figure}>
      {/* The caption and the table carry the numbers; the drawing is for the eye. */}
      <div className={styles.chart} aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="day" tickLine={false} interval="preserveStartEnd" minTickGap={24} fontSize={12} />
            <YAxis allowDecimals={false} domain={[0, (max: number) => Math.max(1, max)]} tickLine={false} axisLine={false} fontSize={12} width={48} />
            <Tooltip formatter={(value) => [value, "Responses"]} labelFormatter={(day) => String(day)} cursor={{ fill: "rgb(59 63 216 / 0.08)" }} />
            <Bar dataKey="count" name="Responses" fill="var(--primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className={styles.caption}>{label} (UTC days).</figcaption>
      <DataTable caption="Responses per day" headers={["Day", "Responses"]} rows={points.map((p) => [p.date, formatCount(p.count)])} />
    </figure>
  );
}
