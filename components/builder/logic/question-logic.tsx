/**
 * One question's logic in the builder: when it is shown (showIf), where the
 * respondent goes when leaving it (ordered jump rules, the first that holds
 * wins) and the points its answers earn (scores, for the types that take
 * them). Written into the builder's react-hook-form values; validated by the
 * same formSchemaSchema the server uses, its messages shown by each rule.
 */
"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Button, Input, Select } from "@/components/ui";
import {
  ALWAYS, conditionSources, describeCondition, isAlways, newLeaf, newScoreLeaf, scoreKeysOf, takesLogic, takesScores,
  type EditedQuestion,
} from "@/lib/logic/editing";
import { END, type Condition, type JumpRule } from "@/lib/logic/types";
import type { BuilderValues } from "../types";
import { ConditionEditor } from "./condition-editor";
import { RuleError, useLogicError } from "./errors";

/** "2. How old are you?" — how the pickers name a question. */
export function useQuestionLabel(questions: readonly EditedQuestion[]) {
  return (key: string) => {
    const i = questions.findIndex((q) => q.key === key);
    if (i < 0) return key;
    const q = questions[i];
    return q.type === "hidden" ? `Hidden field “${q.key}”` : `${i + 1}. ${q.title?.trim() || q.key}`;
  };
}

export function QuestionLogic({ index }: { index: number }) {
  const { control, setValue } = useFormContext<BuilderValues>();
  const questions = (useWatch({ control, name: "questions" }) ?? []) as EditedQuestion[];
  const endings = useWatch({ control, name: "endings" }) ?? [];
  const q = questions[index];
  const label = useQuestionLabel(questions);
  if (!q) return null;
  const p = `questions.${index}` as const;
  const set = <F extends "showIf" | "jump" | "scores">(field: F, value: EditedQuestion[F] | undefined) =>
    setValue(`${p}.${field}` as `questions.${number}.showIf`, value as Condition | undefined, { shouldDirty: true, shouldValidate: true });

  return (
    <section className="stack logic-panel" aria-label={`Logic of question ${index + 1}`} data-testid="question-logic" style={{ borderTop: "1px dashed var(--border)", paddingTop: 12 }}>
      <h3 className="field-label" style={{ margin: 0 }}>Logic</h3>
      {takesLogic(q.type) && <ShowIfEditor q={q} index={index} questions={questions} label={label} onChange={(c) => set("showIf", c)} />}
      {takesLogic(q.type) && (
        <JumpEditor
          q={q}
          index={index}
          questions={questions}
          endings={endings.map((e) => ({ key: e?.key ?? "", title: e?.title ?? "" }))}
          label={label}
          onChange={(rules) => set("jump", rules.length ? rules : undefined)}
        />
      )}
      {takesScores(q.type) && <ScoresEditor q={q} index={index} onChange={(s) => set("scores", s)} />}
    </section>
  );
}

function ShowIfEditor({ q, index, questions, label, onChange }: { q: EditedQuestion; index: number; questions: EditedQuestion[]; label: (k: string) => string; onChange: (c: Condition | undefined) => void }) {
  const sources = conditionSources(questions, index);
  const path = `questions.${index}.showIf`;
  const error = useLogicError()(path);
  return (
    <div className="stack-sm" data-testid="show-if">
      <Select
        label="Show this question"
        value={q.showIf ? "when" : "always"}
        options={[{ value: "always", label: "Always" }, { value: "when", label: "Only when…" }]}
        hint={sources.length === 0 ? "Conditions can name questions and hidden fields before this one; this one has none before it, so only the score can be tested." : undefined}
        onChange={(e) => onChange(e.target.value === "when" ? { all: [sources.length ? newLeaf(sources[sources.length - 1]) : newScoreLeaf()] } : undefined)}
      />
      {q.showIf && (
        <ConditionEditor value={q.showIf} onChange={onChange} sources={sources} path={path} name={`Show-if of question ${index + 1}`} questionLabel={label} />
      )}
      <RuleError message={error} />
    </div>
  );
}

function JumpEditor({ q, index, questions, endings, label, onChange }: {
  q: EditedQuestion; index: number; questions: EditedQuestion[]; endings: { key: string; title: string }[]; label: (k: string) => string; onChange: (rules: JumpRule[]) => void;
}) {
  const errorAt = useLogicError();
  const rules = q.jump ?? [];
  // A jump rule may also test this question's own answer.
  const sources = conditionSources(questions, index + 1);
  const later = questions.map((x, i) => ({ x, i })).filter(({ x, i }) => i > index && x.type !== "hidden" && x.key);
  const targets = [
    ...later.map(({ x }) => ({ value: x.key, label: `Question ${label(x.key)}` })),
    ...endings.filter((e) => e.key).map((e) => ({ value: e.key, label: `Ending: ${e.title || e.key}` })),
    { value: END, label: "End (default thank-you)" },
  ];
  const setRule = (r: number, rule: JumpRule) => onChange(rules.map((x, i) => (i === r ? rule : x)));
  const move = (r: number, to: number) => {
    if (to < 0 || to >= rules.length) return;
    const next = [...rules];
    const [m] = next.splice(r, 1);
    next.splice(to, 0, m);
    onChange(next);
  };
  const fresh = (): JumpRule => ({ if: sources.length ? newLeaf(sources[sources.length - 1]) : ALWAYS, to: later[0]?.x.key ?? (endings[0]?.key || END) });

  return (
    <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }} data-testid="jump-rules">
      <legend className="field-label">When leaving this question</legend>
      {rules.length > 0 && <p className="field-hint" style={{ margin: 0 }}>Rules are tried in order; the first that holds decides. If none holds, the next question follows.</p>}
      <ol className="stack-sm" style={{ paddingLeft: 20, margin: 0 }}>
        {rules.map((rule, r) => {
          const name = `Jump rule ${r + 1} of question ${index + 1}`;
          const path = `questions.${index}.jump.${r}`;
          const always = isAlways(rule.if);
          const targetKnown = targets.some((t) => t.value === rule.to);
          return (
            <li key={r} data-testid="jump-rule" className="stack-sm" style={{ borderLeft: "3px solid var(--primary-soft)", paddingLeft: 8 }}>
              <div className="row">
                <div style={{ minWidth: 150 }}>
                  <Select
                    label={`${name}: when`}
                    hideLabel
                    value={always ? "always" : "when"}
                    options={[{ value: "when", label: "If…" }, { value: "always", label: "Always" }]}
                    onChange={(e) => setRule(r, { ...rule, if: e.target.value === "always" ? ALWAYS : fresh().if })}
                  />
                </div>
                <span className="small muted">go to</span>
                <div style={{ minWidth: 200, flex: "1 1 200px" }}>
                  <Select
                    label={`${name}: go to`}
                    hideLabel
                    value={rule.to}
                    options={targetKnown ? targets : [{ value: rule.to, label: `⚠ ${rule.to} (not a later question or an ending)` }, ...targets]}
                    onChange={(e) => setRule(r, { ...rule, to: e.target.value })}
                  />
                </div>
                <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move ${name.toLowerCase()} up`} disabled={r === 0} onClick={() => move(r, r - 1)}>↑</Button>
                <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move ${name.toLowerCase()} down`} disabled={r === rules.length - 1} onClick={() => move(r, r + 1)}>↓</Button>
                <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Remove ${name.toLowerCase()}`} onClick={() => onChange(rules.filter((_, i) => i !== r))}>✕</Button>
              </div>
              {!always && (
                <ConditionEditor
                  value={rule.if}
                  onChange={(c) => setRule(r, { ...rule, if: c ?? ALWAYS })}
                  sources={sources}
                  path={`${path}.if`}
                  name={name}
                  questionLabel={label}
                />
              )}
              {!always && <p className="field-hint" style={{ margin: 0 }}>{describeCondition(rule.if, label)}</p>}
              <RuleError message={errorAt(`${path}.to`) ?? errorAt(path)} />
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="secondary" size="sm" aria-label={`Add a jump rule to question ${index + 1}`} onClick={() => onChange([...rules, fresh()])}>+ Jump rule</Button>
      </div>
    </fieldset>
  );
}

function ScoresEditor({ q, index, onChange }: { q: EditedQuestion; index: number; onChange: (s: Record<string, number> | undefined) => void }) {
  const errorAt = useLogicError();
  const keys = scoreKeysOf(q);
  const scores = q.scores ?? {};
  // Keys of answers that no longer exist (a renamed option) stay visible so they can be removed.
  const stale = Object.keys(scores).filter((k) => !keys.includes(k));
  const set = (key: string, text: string) => {
    const next: Record<string, number> = Object.create(null);
    for (const [k, v] of Object.entries(scores)) if (k !== key) next[k] = v;
    const n = Number(text);
    if (text.trim() !== "" && Number.isFinite(n)) next[key] = n;
    onChange(Object.keys(next).length ? { ...next } : undefined);
  };
  const label = (k: string) => (k === "yes" ? "Yes" : k === "no" ? "No" : k);
  return (
    <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }} data-testid="scores">
      <legend className="field-label">Scores</legend>
      <p className="field-hint" style={{ margin: 0 }}>Points each answer adds to the respondent’s score (empty: none). The score can be tested in conditions and shown with {"{{score}}"}.</p>
      <div className="form-grid" style={{ gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))", gap: 8 }}>
        {[...keys, ...stale].map((k) => (
          <Input
            key={k}
            label={`Points for “${label(k)}”`}
            type="number"
            step="any"
            defaultValue={scores[k] === undefined ? "" : String(scores[k])}
            error={errorAt(`questions.${index}.scores.${k}`) ?? (stale.includes(k) ? "Not an answer of this question any more: clear it" : undefined)}
            onChange={(e) => set(k, e.target.value)}
          />
        ))}
      </div>
      <RuleError message={errorAt(`questions.${index}.scores`)} />
    </fieldset>
  );
}
