"use client";
/**
 * Order the options: drag an item (pointer), or use its Move up / Move down
 * buttons (keyboard, touch); every move is announced in a live region. The
 * answer is the whole order, set by the first move or by "Keep this order".
 * Without JavaScript each item has a position select instead
 * (`<key>:<option index>`, read by lib/question-types/ranking).
 */
import { useI18n } from "@/components/respondent/i18n";
import { useRef, useState, type DragEvent } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { partField } from "@/lib/question-types/form-fields";
import { GroupFrame } from "../shared/frame";
import { useShownOptions } from "../shared/shuffle";
import type { QuestionFieldProps, RespondentControl } from "../types";

function isOrderOf(value: unknown, options: string[]): value is string[] {
  return Array.isArray(value) && value.length === options.length && options.every((o) => value.includes(o));
}

function Ranking(props: QuestionFieldProps<QuestionOf<"ranking">>) {
  const { question: q, value, onChange } = props;
  const { t } = useI18n();
  const label = (option: string) => (props.recall ? props.recall(option) : option);
  const start = useShownOptions(q);
  const order = isOrderOf(value, q.options) ? value : start;
  const [said, setSaid] = useState("");
  const [dropAt, setDropAt] = useState<number | null>(null);
  const dragFrom = useRef<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());

  const move = (from: number, to: number, focus?: "up" | "down") => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    onChange(next, "input");
    setSaid(t("rankMoved", { option: label(item), position: to + 1, count: order.length }));
    // Keep focus on the item's button (or its other one at the ends) so repeated presses keep moving it.
    if (focus) {
      requestAnimationFrame(() => {
        const edge = to === 0 ? "down" : to === order.length - 1 ? "up" : focus;
        buttons.current.get(`${item}:${edge}`)?.focus();
      });
    }
  };
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom.current !== null) move(dragFrom.current, to);
    dragFrom.current = null;
    setDropAt(null);
  };

  return (
    <GroupFrame props={props}>
      <ol className="fl-ranking">
        {order.map((option, i) => (
          <li
            key={option}
            className={`fl-rank-item${dropAt === i ? " fl-drop" : ""}`}
            draggable
            onDragStart={(e) => {
              dragFrom.current = i;
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", option);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setDropAt(i);
            }}
            onDragLeave={() => setDropAt((at) => (at === i ? null : at))}
            onDrop={(e) => onDrop(e, i)}
            onDragEnd={() => setDropAt(null)}
          >
            <span className="fl-rank-pos" aria-hidden="true">{i + 1}</span>
            <span className="fl-rank-text">{label(option)}</span>
            <noscript>
              <select className="fl-rank-pick" name={partField(q.key, q.options.indexOf(option))} aria-label={t("rankPosition", { option: label(option) })} defaultValue={String(i + 1)}>
                {q.options.map((_, p) => <option key={p} value={String(p + 1)}>{p + 1}</option>)}
              </select>
            </noscript>
            <button type="button" className="fl-rank-move fl-js" ref={(el) => void buttons.current.set(`${option}:up`, el)} aria-label={t("rankUp", { option: label(option) })} disabled={i === 0} onClick={() => move(i, i - 1, "up")}>↑</button>
            <button type="button" className="fl-rank-move fl-js" ref={(el) => void buttons.current.set(`${option}:down`, el)} aria-label={t("rankDown", { option: label(option) })} disabled={i === order.length - 1} onClick={() => move(i, i + 1, "down")}>↓</button>
          </li>
        ))}
      </ol>
      {value === undefined ? (
        <div className="fl-ranking-actions fl-js">
          <button type="button" className="fl-link-button" onClick={() => { onChange([...order], "input"); setSaid(t("orderKept")); }}>{t("keepOrder")}</button>
        </div>
      ) : null}
      <p className="fl-sr" aria-live="polite">{said}</p>
    </GroupFrame>
  );
}

export const rankingControl = { Field: Ranking, advancesOnPick: false } satisfies RespondentControl<"ranking">;
