/**
 * Small status pill.
 *
 *   <Badge tone="success">Published</Badge>   tone: neutral | success | warning | danger | info
 *   <FormStatusBadge status="draft" />         the form status, worded the same everywhere
 */
import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info";

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={tone === "neutral" ? "badge" : `badge badge-${tone}`}>{children}</span>;
}

export function FormStatusBadge({ status }: { status: "draft" | "published" | string }) {
  return status === "published" ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>;
}
