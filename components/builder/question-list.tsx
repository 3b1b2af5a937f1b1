/**
 * The builder's question list: expand to edit, duplicate, delete, and
 * reorder two ways — drag the handle (HTML5 drag and drop), or from the
 * keyboard with the Move up / Move down buttons or Alt+↑ / Alt+↓ on a
 * focused question. Moves are announced in a live region.
 */
"use client";

import { useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { referencesTo, type EditedQuestion } from "@/lib/logic/editing";
import { pathGraph } from "@/lib/logic/graph";
import { get, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Badge, Button, ConfirmDialog } from "@/components/ui";
import { QuestionEditor } from "./question-editor";
import { duplicateQuestion, newQuestion, questionSummary, typeLabels } from "./question-types";
import type { BuilderValues, EditableQuestion } from "./types";
import { questionTypes, type Question, type QuestionType } from "@/lib/schema/form-schema";
import { Select } from "@/components/ui";

export interface QuestionListApi {
  expanded: string | null;
  setExpanded: (id: string | null) => void;
}

export function QuestionList({ expanded, setExpanded, onActiveKey }: QuestionListApi & { onActiveKey: (key: string | null) => void }) {
  const { control, getValues, formState } = useFormContext<BuilderValues>();
  const { fields, move, remove, insert, update, append } = useFieldArray({ control, name: "questions" });
  const questions = useWatch({ control, name: "questions" }) ?? [];
  const endings = useWatch({ control, name: "endings" });
  const unreachable = useMemo(() => new Set(pathGraph(questions.filter(Boolean) as EditedQuestion[], (endings ?? []).filter(Boolean)).unreachable), [questions, endings]);
  const [announcement, setAnnouncement] = useState("");
  // A ref, not state: dragover fires before React would re-render with the new value.
  const dragFrom = useRef<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement | null>());
  const [activeId, setActiveId] = useState<string | null>(null);
  // update() (a type change) gives the item a new field id: keep its editor open.
  // An added question opens the same way. A layout effect, so that the editor
  // moves in the same task as the render: with a passive effect the previous
  // question's editor stayed open for a moment, and keys typed straight after
  // "Add question" went into the question above.
  const reopenAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (reopenAt.current !== null && fields[reopenAt.current]) {
      setExpanded(fields[reopenAt.current].id);
      setActiveId(fields[reopenAt.current].id);
    }
    reopenAt.current = null;
  }, [fields, setExpanded]);
  // The preview follows the question being worked on, by its current key.
  const activeIndex = fields.findIndex((f) => f.id === activeId);
  const activeKey = activeIndex >= 0 ? questions[activeIndex]?.key ?? null : null;
  useEffect(() => onActiveKey(activeKey), [activeKey, onActiveKey]);

  const moveTo = (from: number, to: number, focus = true) => {
    if (to < 0 || to >= fields.length || from === to) return;
    const id = fields[from].id;
    move(from, to);
    setAnnouncement(`Moved “${questionSummary(getValues(`questions.${to}`) as Question)}” to position ${to + 1} of ${fields.length}.`);
    if (focus) requestAnimationFrame(() => handles.current.get(id)?.focus());
  };

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    // Inside the open editor, Alt+arrows belong to the fields (e.g. a select).
    if ((e.target as HTMLElement).closest(".question-body")) return;
    e.preventDefault();
    moveTo(index, e.key === "ArrowUp" ? index - 1 : index + 1);
  };

  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    const from = dragFrom.current ?? Number(e.dataTransfer.getData("text/plain"));
    dragFrom.current = null;
    setDropAt(null);
    if (Number.isInteger(from)) moveTo(from, index, false);
  };

  const add = (type: QuestionType) => {
    append(newQuestion(type, getValues("questions").map((q) => q.key)) as EditableQuestion);
    reopenAt.current = fields.length;
    setAnnouncement(`Added question ${fields.length + 1}: ${typeLabels[type]}.`);
  };

  const deletingReferrers = deleting === null || !questions[deleting] ? [] : referencesTo(questions as EditedQuestion[], questions[deleting].key);

  return (
    <>
      {fields.length === 0 && <p className="muted" style={{ padding: "16px 0", textAlign: "center", margin: 0 }}>No questions yet. Add the first one below.</p>}
      <p className="visually-hidden" role="status" aria-live="polite">{announcement}</p>
      {fields.length > 1 && <p className="small muted" style={{ margin: 0 }}>Reorder by dragging <span aria-hidden="true">⠿</span>, or focus a question and press Alt+↑ / Alt+↓.</p>}
      <ol className="question-list" aria-label="Questions">
        {fields.map((field, index) => {
          const q = (questions[index] ?? field) as EditableQuestion;
          const open = expanded === field.id;
          const hasError = Boolean(get(formState.errors, `questions.${index}`));
          return (
            <li
              key={field.id}
              className={["question-item", open && "is-open", dropAt === index && dragFrom.current !== index && "is-drop-target", hasError && "has-error"].filter(Boolean).join(" ")}
              data-testid="question-item"
              data-key={q.key}
              onDragOver={(e) => { if (dragFrom.current !== null) { e.preventDefault(); e.dataTransfer.dropEffect = "move"; setDropAt(index); } }}
              onDragLeave={() => setDropAt((at) => (at === index ? null : at))}
              onDrop={(e) => onDrop(e, index)}
              onKeyDown={(e) => onKeyDown(e, index)}
              onFocus={() => setActiveId(field.id)}
            >
              <div className="question-head">
                <span
                  className="drag-handle"
                  draggable
                  title="Drag to reorder"
                  aria-hidden="true"
                  data-testid="drag-handle"
                  onDragStart={(e) => { dragFrom.current = index; e.dataTransfer.effectAllowed = "move"; e.dataTransfer.setData("text/plain", String(index)); }}
                  onDragEnd={() => { dragFrom.current = null; setDropAt(null); }}
                >⠿</span>
                <button
                  type="button"
                  className="question-toggle"
                  ref={(el) => { handles.current.set(field.id, el); }}
                  aria-expanded={open}
                  aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                  onClick={() => { setExpanded(open ? null : field.id); setActiveId(field.id); }}
                >
                  <span className="question-number">{index + 1}.</span>
                  <span className="grow question-title">{questionSummary(q as Question)}</span>
                </button>
                <div className="row question-meta">
                  <Badge>{typeLabels[q.type]}</Badge>
                  {q.required && <Badge tone="info">Required</Badge>}
                  {(q.showIf || q.jump?.length || q.scores) && <Badge>Logic</Badge>}
                  {unreachable.has(q.key) && <Badge tone="warning">Unreachable</Badge>}
                  {hasError && <Badge tone="danger">Needs attention</Badge>}
                </div>
                <div className="row question-actions" style={{ flexWrap: "nowrap" }}>
                  <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move question ${index + 1} up`} disabled={index === 0} onClick={() => moveTo(index, index - 1)}>↑</Button>
                  <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move question ${index + 1} down`} disabled={index === fields.length - 1} onClick={() => moveTo(index, index + 1)}>↓</Button>
                  <Button variant="ghost" size="sm" aria-label={`Duplicate question ${index + 1}`} onClick={() => {
                    const all = getValues("questions");
                    insert(index + 1, duplicateQuestion(all[index] as Question, all.map((x) => x.key)) as EditableQuestion);
                    setAnnouncement(`Duplicated question ${index + 1}.`);
                  }}>Duplicate</Button>
                  <Button variant="ghost" size="sm" aria-label={`Delete question ${index + 1}`} onClick={() => setDeleting(index)}>Delete</Button>
                </div>
              </div>
              {open && (
                <div className="question-body">
                  <QuestionEditor index={index} onReplace={(next) => { update(index, next); reopenAt.current = index; }} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete question ${deleting === null ? "" : deleting + 1}?`}
        description={`It is removed from the draft. Answers already collected for it stay in the responses.${deletingReferrers.length ? ` The logic of question${deletingReferrers.length > 1 ? "s" : ""} ${deletingReferrers.join(", ")} names it: fix that logic after deleting.` : ""}`}
        confirmLabel="Delete question"
        onConfirm={() => {
          if (deleting === null) return;
          remove(deleting);
          setAnnouncement(`Deleted question ${deleting + 1}.`);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      <AddQuestion onAdd={add} />
    </>
  );
}

/** The type picker and "Add question". */
function AddQuestion({ onAdd }: { onAdd: (type: QuestionType) => void }) {
  const [type, setType] = useState<QuestionType>("short-text");
  return (
    <div className="row add-question" style={{ alignItems: "flex-end" }}>
      <div style={{ minWidth: 240 }}>
        <Select label="New question type" options={questionTypes.map((t) => ({ value: t, label: typeLabels[t] }))} value={type} onChange={(e) => setType(e.target.value as QuestionType)} />
      </div>
      <Button variant="secondary" onClick={() => onAdd(type)}>Add question</Button>
    </div>
  );
}
