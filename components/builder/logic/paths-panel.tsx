/**
 * A picture of the form's paths: every shown question and ending in order,
 * with arcs for where each can lead (the next question, jumps, and past a
 * question whose showIf may not hold: dashed), warnings for questions no path reaches and endings
 * nothing leads to, and the same facts as a list (the accessible version:
 * the drawing is decoration for sighted owners).
 */
"use client";

import { useMemo } from "react";
import { Alert } from "@/components/ui";
import { describeCondition, describeTarget, type EditedQuestion } from "@/lib/logic/editing";
import { pathGraph, type GraphEdge, type GraphNode } from "@/lib/logic/graph";
import type { Ending } from "@/lib/logic/types";

const ROW = 34;
const BOX_W = 230;
const BOX_H = 24;
const LEFT = 8;

function nodeText(n: GraphNode) {
  if (n.kind === "start") return "Start";
  if (n.kind === "ending") return n.index < 0 ? "■ End (default)" : `■ ${n.label}`;
  return `${n.index + 1}. ${n.label}`;
}

export function PathsPanel({ questions, endings }: { questions: EditedQuestion[]; endings: Pick<Ending, "key" | "title">[] }) {
  const graph = useMemo(() => pathGraph(questions, endings), [questions, endings]);
  const label = (key: string) => {
    const i = questions.findIndex((q) => q.key === key);
    return i < 0 ? key : questions[i].type === "hidden" ? `hidden “${key}”` : `${i + 1}. ${questions[i].title?.trim() || key}`;
  };
  const endingTitle = (key: string) => endings.find((e) => e.key === key)?.title;
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const row = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const height = graph.nodes.length * ROW + 8;
  const maxSpan = Math.max(1, ...graph.edges.map((e) => (row.get(e.to)! - row.get(e.from)!)));
  const width = LEFT + BOX_W + 30 + Math.min(maxSpan, 12) * 14 + 20;

  const edgeText = (e: GraphEdge) => {
    const from = byId.get(e.from)!;
    const to = byId.get(e.to)!;
    const target = to.kind === "ending" ? describeTarget(to.key, label, endingTitle) : label(to.key);
    if (e.kind === "jump" && from.kind === "question") {
      const rule = questions[from.index].jump?.[e.rule!];
      return `jump rule ${e.rule! + 1}${rule ? ` (${describeCondition(rule.if, label)})` : ""} → ${target}`;
    }
    return e.kind === "skip" ? `when hidden (its show-if does not hold) → ${target}` : `next → ${target}`;
  };

  const warnings = [
    ...graph.unreachable.map((k) => `Question ${label(k)} is on no path: no respondent can reach it.`),
    ...graph.unreachableEndings.map((k) => `Ending “${endingTitle(k) || k}” is only targeted from questions no respondent reaches.`),
    ...graph.untargetedEndings.map((k) => `Ending “${endingTitle(k) || k}” is never reached: no jump rule leads to it.`),
  ];

  return (
    <div className="stack" data-testid="paths">
      {warnings.length > 0 ? (
        <Alert tone="warning">
          <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="path-warnings">
            {warnings.map((w) => <li key={w}>{w}</li>)}
          </ul>
        </Alert>
      ) : (
        <p className="small muted" style={{ margin: 0 }} data-testid="path-warnings-none">Every question and ending can be reached.</p>
      )}
      <div style={{ overflowX: "auto" }}>
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" style={{ display: "block", fontSize: 12 }}>
          {graph.edges.map((e, i) => {
            const a = row.get(e.from)!;
            const b = row.get(e.to)!;
            const y1 = a * ROW + 4 + BOX_H / 2;
            const y2 = b * ROW + 4 + BOX_H / 2;
            const x = LEFT + BOX_W;
            const bulge = 16 + Math.min(b - a, 12) * 14;
            const reachable = byId.get(e.from)!.reachable;
            const stroke = e.kind === "jump" ? "var(--primary)" : "var(--text-muted)";
            return (
              <path
                key={i}
                d={`M ${x} ${y1} C ${x + bulge} ${y1}, ${x + bulge} ${y2}, ${x + 4} ${y2}`}
                style={{ fill: "none", stroke }}
                strokeWidth={e.kind === "jump" ? 1.6 : 1.1}
                strokeDasharray={e.kind === "skip" || !reachable ? "4 3" : undefined}
                opacity={reachable ? 0.9 : 0.35}
                markerEnd="url(#fl-arrow)"
              />
            );
          })}
          <defs>
            <marker id="fl-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 8 4 L 0 8 z" style={{ fill: "var(--text-muted)" }} />
            </marker>
          </defs>
          {graph.nodes.map((n, i) => {
            const y = i * ROW + 4;
            const text = nodeText(n);
            return (
              <g key={n.id} opacity={n.reachable ? 1 : 0.55}>
                <rect
                  x={LEFT}
                  y={y}
                  width={BOX_W}
                  height={BOX_H}
                  rx={n.kind === "question" ? 4 : 12}
                  style={{ fill: n.kind === "ending" ? "var(--primary-soft)" : "var(--surface)", stroke: n.reachable ? "var(--border-strong)" : "var(--danger)" }}
                  strokeDasharray={n.reachable ? undefined : "4 3"}
                />
                <text x={LEFT + 8} y={y + 16} style={{ fill: "var(--text)" }}>{text.length > 34 ? `${text.slice(0, 33)}…` : text}</text>
              </g>
            );
          })}
        </svg>
      </div>
      <div>
        <h3 className="field-label" style={{ margin: "0 0 4px" }}>Where each step leads</h3>
        <ul className="small" style={{ margin: 0, paddingLeft: 18 }} data-testid="path-list">
          {graph.nodes.filter((n) => n.kind !== "ending").map((n) => {
            const out = graph.edges.filter((e) => e.from === n.id);
            return (
              <li key={n.id} data-node={n.key} data-reachable={n.reachable}>
                <strong>{n.kind === "start" ? "Start" : label(n.key)}</strong>
                {!n.reachable && <span style={{ color: "var(--danger)" }}> — unreachable</span>}
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {out.map((e, i) => <li key={i}>{edgeText(e)}</li>)}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
