"use client";

/**
 * Vertical bars, one per scale value, for rating and NPS questions. NPS bars
 * are coloured by group (detractors 0–6, passives 7–8, promoters 9–10).
 */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { npsColor } from "./colors";
import { DataTable } from "./data-table";
import { formatCount, percentOf } from "./format";
import type { Count } from "@/lib/analytics/view-model";
import styles from "./analytics.module.css";


export function DistributionChart({ title, distribution, nps = false }: { title: string; distribution: Count[]; nps?: boolean }) {
  const total = distribution.reduce((sum, d) => sum + d.count, 0);
  return (
    <figure className={styles.figure}>
      <div className={styles.chart} aria-hidden="true">
        <ResponsiveContainer width="100%" height={180}>
          <BarChart accessibilityLayer={false} data={distribution} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" tickLine={false} fontSize={12} interval={0} />
            <YAxis allowDecimals={false} domain={[0, (max: number) => Math.max(1, max)]} tickLine={false} axisLine={false} fontSize={12} width={48} />
            <Tooltip formatter={(value) => [value, "Responses"]} cursor={{ fill: "rgb(59 63 216 / 0.08)" }} />
            <Bar dataKey="count" name="Responses" fill="var(--primary)" radius={[3, 3, 0, 0]} isAnimationActive={false}>
              {nps && distribution.map((d) => <Cell key={d.label} fill={npsColor(Number(d.label))} />)}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <DataTable
        caption={`${title}: answers per value`}
        headers={["Value", "Responses", "Share"]}
        rows={distribution.map((d) => [d.label, formatCount(d.count), `${percentOf(d.count, total)}%`])}
      />
    </figure>
  );
}
