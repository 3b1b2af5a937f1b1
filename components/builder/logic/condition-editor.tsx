/**
 * A condition as pickers, never JSON: groups that match all or any of their
 * items, items that may be negated, and leaves made of a question (only
 * earlier ones), an operator (only those its type supports) and a value
 * picker that fits it; or a leaf on the score. Every control has a label;
 * everything works from the keyboard (native selects, inputs, buttons).
 */
"use client";

import { useEffect, useState } from "react";
import { Button, Checkbox, Input, Select } from "@/components/ui";
import {
  newLeaf, newScoreLeaf, operatorLabels, operatorsOf, retarget, scoreOperatorLabels, valueInputOf, withValue,
  type EditedQuestion, type Leaf, type ScoreLeaf, type ValueInput,
} from "@/lib/logic/editing";
import { scoreOperators, type Condition, type ConditionValue } from "@/lib/logic/types";
import type { LogicOperator } from "@/lib/question-types/names";
import { RuleError, useLogicError } from "./errors";

const MAX_DEPTH = 3;

interface Common {
  /** Questions the condition may name (earlier ones; for a jump, this one too). */
  sources: EditedQuestion[];
  /** The rule path of this node, as the schema reports issues ("questions.2.showIf.all.0"). */
  path: string;
  /** Words naming this node for screen readers ("Show-if condition 2"). */
  name: string;
  questionLabel: (key: string) => string;
}

/** The whole condition of a showIf or a jump rule; undefined only when emptied. */
export function ConditionEditor({ value, onChange, ...common }: Common & { value: Condition; onChange: (c: Condition | undefined) => void }) {
  if ("all" in value || "any" in value) return <GroupEditor {...common} value={value} onChange={onChange} depth={0} />;
  // A single condition (e.g. saved through the API): adding a second one makes an "all" group.
  return (
    <div className="stack-sm">
      <ItemEditor {...common} value={value} onChange={onChange} onRemove={() => onChange(undefined)} depth={0} />
      <AddButtons {...common} depth={0} onAdd={(c) => onChange({ all: [value, c] })} />
    </div>
  );
}

function GroupEditor({ value, onChange, depth, ...common }: Common & { value: Extract<Condition, { all: unknown } | { any: unknown }>; onChange: (c: Condition | undefined) => void; depth: number }) {
  const mode = "all" in value ? "all" : "any";
  const items = "all" in value ? value.all : value.any;
  const error = useLogicError()(common.path);
  const set = (next: Condition[]) => onChange(next.length === 0 ? undefined : mode === "all" ? { all: next } : { any: next });
  return (
    <fieldset className="stack-sm logic-group" style={{ border: "1px solid var(--border)", borderRadius: 6, padding: "8px 10px", margin: 0, background: depth % 2 ? "var(--surface)" : "var(--surface-2)" }}>
      <legend className="visually-hidden">{common.name}</legend>
      <div className="row">
        <Select
          label={`${common.name}: match`}
          hideLabel
          value={mode}
          options={[{ value: "all", label: "All of these hold (and)" }, { value: "any", label: "Any of these holds (or)" }]}
          onChange={(e) => onChange(e.target.value === "all" ? { all: items } : { any: items })}
        />
      </div>
      <RuleError message={error} />
      <ol className="stack-sm" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {items.map((item, i) => (
          <li key={i}>
            <ItemEditor
              {...common}
              path={`${common.path}.${mode}.${i}`}
              name={`${common.name}, item ${i + 1}`}
              value={item}
              depth={depth}
              onChange={(c) => set(c === undefined ? items.filter((_, j) => j !== i) : items.map((x, j) => (j === i ? c : x)))}
              onRemove={() => set(items.filter((_, j) => j !== i))}
            />
          </li>
        ))}
      </ol>
      <AddButtons {...common} depth={depth} onAdd={(c) => set([...items, c])} />
    </fieldset>
  );
}

function AddButtons({ sources, depth, name, onAdd }: Pick<Common, "sources" | "name"> & { depth: number; onAdd: (c: Condition) => void }) {
  const first = sources[sources.length - 1];
  return (
    <div className="row">
      <Button variant="secondary" size="sm" disabled={!first} aria-label={`${name}: add a question condition`} onClick={() => first && onAdd(newLeaf(first))}>+ Question condition</Button>
      <Button variant="secondary" size="sm" aria-label={`${name}: add a score condition`} onClick={() => onAdd(newScoreLeaf())}>+ Score condition</Button>
      {depth < MAX_DEPTH - 1 && first && (
        <Button variant="ghost" size="sm" aria-label={`${name}: add a group`} onClick={() => onAdd({ any: [newLeaf(first)] })}>+ Group</Button>
      )}
    </div>
  );
}

/** One item of a group: a leaf, a score leaf or a nested group, possibly negated. */
function ItemEditor({ value, onChange, onRemove, depth, ...common }: Common & { value: Condition; onChange: (c: Condition | undefined) => void; onRemove: () => void; depth: number }) {
  const negated = "not" in value;
  const inner = negated ? value.not : value;
  const innerPath = negated ? `${common.path}.not` : common.path;
  const wrap = (c: Condition | undefined) => onChange(c === undefined ? undefined : negated ? { not: c } : c);
  let body;
  if ("all" in inner || "any" in inner) body = <GroupEditor {...common} path={innerPath} value={inner} onChange={wrap} depth={depth + 1} />;
  else if ("not" in inner) body = <ItemEditor {...common} path={innerPath} value={inner} onChange={wrap} onRemove={onRemove} depth={depth} />;
  else if ("score" in inner) body = <ScoreLeafEditor {...common} path={innerPath} value={inner} onChange={wrap} />;
  else body = <LeafEditor {...common} path={innerPath} value={inner} onChange={wrap} />;
  return (
    <div className="row" style={{ alignItems: "flex-start", flexWrap: "nowrap" }} data-testid="condition-item">
      <div style={{ paddingTop: 6 }}>
        <Checkbox label="Not" aria-label={`${common.name}: negate (not)`} checked={negated} onChange={(e) => onChange(e.target.checked ? { not: inner } : inner)} />
      </div>
      <div className="grow" style={{ minWidth: 0 }}>{body}</div>
      <Button variant="ghost" size="sm" className="btn-icon" aria-label={`${common.name}: remove`} onClick={onRemove}>✕</Button>
    </div>
  );
}

function LeafEditor({ value, onChange, sources, path, name, questionLabel }: Common & { value: Leaf; onChange: (c: Condition) => void }) {
  const errorAt = useLogicError();
  const q = sources.find((s) => s.key === value.question);
  const known = sources.map((s) => ({ value: s.key, label: questionLabel(s.key) }));
  // A key that is no earlier question (deleted, renamed, moved) stays visible, flagged, until fixed.
  const questionOptions = q ? known : [{ value: value.question, label: `⚠ ${value.question} (not an earlier question)` }, ...known];
  const ops: readonly LogicOperator[] = q ? operatorsOf(q.type) : [value.op];
  const opOptions = (ops.includes(value.op) ? ops : [value.op, ...ops]).map((o) => ({ value: o, label: operatorLabels[o] ?? o }));
  const input = q ? valueInputOf(q, value.op) : null;
  const messages = [errorAt(path), errorAt(`${path}.question`), errorAt(`${path}.op`), errorAt(`${path}.value`)].filter(Boolean);
  return (
    <div className="stack-sm" data-testid="condition-leaf">
      <div className="row">
        <div style={{ minWidth: 160, flex: "1 1 160px" }}>
          <Select label={`${name}: question`} hideLabel value={value.question} options={questionOptions} onChange={(e) => {
            const next = sources.find((s) => s.key === e.target.value);
            if (next) onChange(retarget(value, next));
          }} />
        </div>
        <div style={{ minWidth: 130 }}>
          <Select label={`${name}: operator`} hideLabel value={value.op} options={opOptions} onChange={(e) => onChange(withValue({ ...value, op: e.target.value as LogicOperator }, q))} />
        </div>
        {input && input.kind !== "none" && (
          <div style={{ minWidth: 120, flex: "1 1 120px" }}>
            <ValuePicker input={input} value={value.value} name={`${name}: value`} onChange={(v) => onChange(v === undefined ? { question: value.question, op: value.op } : { ...value, value: v })} />
          </div>
        )}
      </div>
      {messages.map((m, i) => <RuleError key={i} message={m} />)}
    </div>
  );
}

function ScoreLeafEditor({ value, onChange, path, name }: Common & { value: ScoreLeaf; onChange: (c: Condition) => void }) {
  const errorAt = useLogicError();
  const messages = [errorAt(path), errorAt(`${path}.op`), errorAt(`${path}.value`)].filter(Boolean);
  return (
    <div className="stack-sm" data-testid="condition-score">
      <div className="row">
        <span className="small" style={{ fontWeight: 600 }}>Score</span>
        <div style={{ minWidth: 130 }}>
          <Select label={`${name}: score operator`} hideLabel value={value.op} options={scoreOperators.map((o) => ({ value: o, label: scoreOperatorLabels[o] }))} onChange={(e) => onChange({ ...value, op: e.target.value as ScoreLeaf["op"] })} />
        </div>
        <div style={{ width: 110 }}>
          <NumberBox label={`${name}: score value`} value={value.value} onChange={(n) => onChange({ ...value, value: n })} />
        </div>
      </div>
      {messages.map((m, i) => <RuleError key={i} message={m} />)}
    </div>
  );
}

/** A number input that keeps what is typed while it is not a number yet ("", "-"). */
function NumberBox({ label, value, onChange }: { label: string; value: unknown; onChange: (n: number) => void }) {
  const [text, setText] = useState(typeof value === "number" ? String(value) : "");
  // Follow the value when it changes from outside (another question picked, a rename).
  useEffect(() => {
    if (typeof value === "number" && Number(text) !== value) setText(String(value));
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Input
      label={label}
      hideLabel
      type="number"
      step="any"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = e.target.valueAsNumber;
        if (Number.isFinite(n)) onChange(n);
      }}
    />
  );
}

const scalarLabel = (v: string | number | boolean) => (typeof v === "boolean" ? (v ? "Yes" : "No") : String(v));

/** The value control that fits the question and operator (see valueInputOf). */
function ValuePicker({ input, value, name, onChange }: { input: Exclude<ValueInput, { kind: "none" }>; value: ConditionValue | undefined; name: string; onChange: (v: ConditionValue | undefined) => void }) {
  const choices: (string | number | boolean)[] | null =
    input.kind === "option" ? input.options : input.kind === "boolean" ? [true, false] : input.kind === "scale" ? input.values : null;
  if (choices) {
    if ("multiple" in input && input.multiple) {
      const picked = Array.isArray(value) ? value : [];
      return (
        <fieldset className="row" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="visually-hidden">{name}</legend>
          {choices.map((c) => (
            <Checkbox
              key={String(c)}
              label={scalarLabel(c)}
              checked={picked.includes(c)}
              onChange={(e) => {
                const next = e.target.checked ? [...picked, c] : picked.filter((p) => p !== c);
                // Keep the options' order; an empty list is refused by the schema, which then says so.
                onChange(choices.filter((x) => next.includes(x)));
              }}
            />
          ))}
        </fieldset>
      );
    }
    const index = choices.findIndex((c) => c === value);
    const options = choices.map((c, i) => ({ value: String(i), label: scalarLabel(c) }));
    return (
      <Select
        label={name}
        hideLabel
        value={index < 0 ? "" : String(index)}
        options={index < 0 ? [{ value: "", label: "Choose…" }, ...options] : options}
        onChange={(e) => onChange(e.target.value === "" ? undefined : choices[Number(e.target.value)])}
      />
    );
  }
  if (input.kind === "number") return <NumberBox label={name} value={value} onChange={onChange} />;
  if (input.kind === "date" || input.kind === "time") {
    return <Input label={name} hideLabel type={input.kind} value={typeof value === "string" ? value : ""} onChange={(e) => onChange(e.target.value)} />;
  }
  if (input.kind === "text" && input.multiple) {
    const list = Array.isArray(value) ? value.map(String) : [];
    return (
      <Input
        label={name}
        hideLabel
        placeholder="One or more values, separated by commas"
        defaultValue={list.join(", ")}
        onChange={(e) => onChange(e.target.value.split(",").map((s) => s.trim()).filter(Boolean))}
      />
    );
  }
  return <Input label={name} hideLabel value={typeof value === "string" ? value : ""} onChange={(e) => onChange(e.target.value)} />;
}
