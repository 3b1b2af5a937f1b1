/**
 * The paths of a form as a graph, for the builder's picture and warnings:
 * which question can lead where (the next question, jumps, endings), which
 * questions no path reaches and which endings nothing leads to.
 *
 * Static and conservative, following the engine's rules (./engine.ts): a
 * condition is taken as "may hold or not" unless it is certain. Certain are
 * the "always" tautology (./editing.ts), a tautology or contradiction of two
 * complementary leaves inside any/all, and a question's jump rules over its
 * OWN answer when that answer has few possible values (choices, yes/no,
 * scales): those are evaluated with the engine for every possible answer
 * (and for no answer unless the question is required). So "if yes → A, if
 * no → B" on a required yes/no leaves no way to the next question.
 *
 * Pure and browser-safe; unit-tested in tests/unit/logic-graph.test.ts.
 */
import { holds } from "./engine";
import { finiteAnswers, isAlways, keysIn, type EditedQuestion } from "./editing";
import { END, type Condition, type Ending } from "./types";

type Truth = "always" | "never" | "maybe";

const START = "start";
export const endingNodeId = (key: string) => `ending:${key}`;
export const DEFAULT_END_ID = `ending:${END}`;

export interface GraphNode {
  id: string;
  kind: "start" | "question" | "ending";
  /** question: its index in the form; ending: its index in endings (-1: the default ending). */
  index: number;
  key: string;
  label: string;
  reachable: boolean;
}

export interface GraphEdge {
  from: string;
  to: string;
  /**
   * next: after `from` is shown, the flow goes on to `to`; jump: rule number
   * `rule` of `from` leads to `to`; skip: when `from`'s showIf does not hold,
   * the flow passes it and goes on to `to`.
   */
  kind: "next" | "jump" | "skip";
  rule?: number;
}

export interface PathGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Keys of shown questions (not hidden fields) that no path reaches. */
  unreachable: string[];
  /** Keys of endings no jump targets. */
  untargetedEndings: string[];
  /** Keys of endings some jump targets, but only from questions no path reaches. */
  unreachableEndings: string[];
}

function complementary(a: Condition, b: Condition): boolean {
  if (!("question" in a) || !("question" in b) || a.question !== b.question) return false;
  const pairs: [string, string][] = [["answered", "notAnswered"], ["equals", "notEquals"], ["in", "notIn"], ["contains", "notContains"], ["gt", "lte"], ["gte", "lt"]];
  const paired = pairs.some(([x, y]) => (a.op === x && b.op === y) || (a.op === y && b.op === x));
  return paired && JSON.stringify(a.value) === JSON.stringify(b.value);
}

/** A condition's certain truth (see the header); "maybe" when it depends on answers. */
export function truthOf(c: Condition): Truth {
  if (isAlways(c)) return "always";
  if ("not" in c) {
    const t = truthOf(c.not);
    return t === "always" ? "never" : t === "never" ? "always" : "maybe";
  }
  if ("all" in c || "any" in c) {
    const items = "all" in c ? c.all : c.any;
    const truths = items.map(truthOf);
    const clash = items.some((x, i) => items.some((y, j) => j > i && complementary(x, y)));
    if ("all" in c) {
      if (clash || truths.includes("never")) return "never";
      return truths.every((t) => t === "always") ? "always" : "maybe";
    }
    if (clash || truths.includes("always")) return "always";
    return truths.every((t) => t === "never") ? "never" : "maybe";
  }
  return "maybe";
}

/**
 * For each jump rule of q: whether it can apply, and whether some rule
 * always applies (then nothing falls through to the next question).
 */
function jumpOutcomes(q: EditedQuestion): { possible: boolean[]; fallsThrough: boolean } {
  const rules = q.jump ?? [];
  const ownOnly = rules.length > 0 && rules.every((r) => [...keysIn(r.if)].every((k) => k === q.key) && !JSON.stringify(r.if).includes('"score"'));
  const answers = ownOnly ? finiteAnswers(q) : null;
  if (answers) {
    // Exact: the first rule that holds, for every possible answer of q (and no answer unless required).
    const cases: (unknown[] | [])[] = answers.map((a) => [a]);
    if (!q.required) cases.push([]);
    const possible = rules.map(() => false);
    let fallsThrough = false;
    for (const c of cases) {
      const seen = new Map<string, unknown>(c.length ? [[q.key, c[0]]] : []);
      const first = rules.findIndex((r) => holds(r.if, seen, 0));
      if (first < 0) fallsThrough = true;
      else possible[first] = true;
    }
    return { possible, fallsThrough };
  }
  const possible: boolean[] = [];
  let fallsThrough = true;
  for (const r of rules) {
    const t = truthOf(r.if);
    possible.push(fallsThrough && t !== "never");
    if (t === "always") fallsThrough = false;
  }
  return { possible, fallsThrough };
}

/** The graph of a form's paths (hidden fields are no nodes: never shown, always on the path). */
export function pathGraph(questions: readonly EditedQuestion[], endings: readonly Pick<Ending, "key" | "title">[] = []): PathGraph {
  const nodes: GraphNode[] = [{ id: START, kind: "start", index: -1, key: START, label: "Start", reachable: true }];
  const questionId = (i: number) => `question:${i}`;
  questions.forEach((q, i) => {
    if (q.type !== "hidden") nodes.push({ id: questionId(i), kind: "question", index: i, key: q.key, label: q.title?.trim() || q.key, reachable: false });
  });
  endings.forEach((e, i) => nodes.push({ id: endingNodeId(e.key), kind: "ending", index: i, key: e.key, label: e.title?.trim() || e.key, reachable: false }));
  nodes.push({ id: DEFAULT_END_ID, kind: "ending", index: -1, key: END, label: "End (default thank-you)", reachable: false });

  const indexOfKey = new Map(questions.map((q, i) => [q.key, i]));
  const endingKeys = new Set(endings.map((e) => e.key));
  const edges: GraphEdge[] = [];

  const truth = questions.map((q) => (q.type === "hidden" ? "never" : q.showIf ? truthOf(q.showIf) : "always"));
  /** Where the flow lands when it continues at index `at`: the first question that may be shown, or the end. */
  const landAt = (at: number) => {
    for (let k = at; k < questions.length; k++) if (truth[k] !== "never") return questionId(k);
    return DEFAULT_END_ID;
  };

  edges.push({ from: START, to: landAt(0), kind: "next" });
  questions.forEach((q, i) => {
    if (q.type === "hidden" || truth[i] === "never") return;
    const from = questionId(i);
    // Each way of reaching a question lands on it; when its showIf may fail, the flow may pass it.
    if (truth[i] === "maybe") edges.push({ from, to: landAt(i + 1), kind: "skip" });
    const { possible, fallsThrough } = jumpOutcomes(q);
    (q.jump ?? []).forEach((r, n) => {
      if (!possible[n]) return;
      if (r.to === END) edges.push({ from, to: DEFAULT_END_ID, kind: "jump", rule: n });
      else if (endingKeys.has(r.to)) edges.push({ from, to: endingNodeId(r.to), kind: "jump", rule: n });
      else {
        const target = indexOfKey.get(r.to);
        // Only forward jumps exist (a save refuses others); an unknown target leads nowhere yet.
        if (target !== undefined && target > i) edges.push({ from, to: landAt(target), kind: "jump", rule: n });
      }
    });
    if (fallsThrough) edges.push({ from, to: landAt(i + 1), kind: "next" });
  });

  // Everything points forward, so one pass in order settles reachability.
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const order = [START, ...questions.map((_, i) => questionId(i)).filter((id) => byId.has(id))];
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  const reached = new Set([START]);
  for (const id of order) {
    if (!reached.has(id)) continue;
    for (const to of out.get(id) ?? []) reached.add(to);
  }
  for (const n of nodes) n.reachable = reached.has(n.id);

  const targeted = new Set(questions.flatMap((q) => (q.jump ?? []).map((r) => r.to)));
  return {
    nodes,
    edges,
    unreachable: nodes.filter((n) => n.kind === "question" && !n.reachable).map((n) => n.key),
    untargetedEndings: endings.filter((e) => !targeted.has(e.key)).map((e) => e.key),
    unreachableEndings: endings.filter((e) => targeted.has(e.key) && !reached.has(endingNodeId(e.key))).map((e) => e.key),
  };
}
