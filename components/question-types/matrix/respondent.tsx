"use client";
/**
 * A Likert grid: one radio group (checkboxes with `multiple`) per row. Wide
 * screens show a table-like grid with the columns named once at the top; on
 * a phone each row becomes a card with its columns listed under it, so the
 * tap targets keep their size. Each row's inputs share `name="<key>:<row
 * index>"`: arrow keys move within a row, Tab goes to the next one, and the
 * plain HTML post carries one field per row (lib/question-types/matrix).
 */
import { useI18n } from "@/components/respondent/i18n";
import type { CSSProperties } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { partField } from "@/lib/question-types/form-fields";
import { GroupFrame } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

type Cells = Record<string, string | string[]>;

const cellsOf = (value: unknown): Cells => (value && typeof value === "object" && !Array.isArray(value) ? (value as Cells) : {});

function Matrix(props: QuestionFieldProps<QuestionOf<"matrix">>) {
  const { question: q, value, onChange, idPrefix } = props;
  // Rows and columns are the stored answer: their translations are labels only.
  const { label } = useI18n();
  const cells = cellsOf(value);
  const multiple = q.multiple === true;
  const set = (row: string, cell: string | string[] | undefined) => {
    // Built with fromEntries over the question's own rows: no key comes from elsewhere.
    const next = Object.fromEntries(q.rows.flatMap((r) => {
      const v = r === row ? cell : cells[r];
      return v === undefined || (Array.isArray(v) && v.length === 0) ? [] : [[r, v]];
    }));
    onChange((Object.keys(next).length ? next : undefined) as never, "input");
  };
  return (
    <GroupFrame props={props}>
      <div className="fl-matrix" style={{ "--fl-cols": q.columns.length } as CSSProperties}>
        <div className="fl-matrix-head" aria-hidden="true">
          <span />
          {q.columns.map((c) => <span key={c}>{label(q.key, "columns", c)}</span>)}
        </div>
        {q.rows.map((row, i) => {
          const rowId = `${idPrefix}-${q.key}-row${i}`;
          const picked = cells[row];
          return (
            <div key={row} className="fl-matrix-row" role={multiple ? "group" : "radiogroup"} aria-labelledby={rowId}>
              <span className="fl-matrix-rowlabel" id={rowId}>{label(q.key, "rows", row)}</span>
              {q.columns.map((col) => {
                const checked = multiple ? Array.isArray(picked) && picked.includes(col) : picked === col;
                return (
                  <label key={col} className="fl-matrix-cell">
                    <input
                      type={multiple ? "checkbox" : "radio"}
                      name={partField(q.key, i)}
                      value={col}
                      checked={checked}
                      onChange={(e) => {
                        if (!multiple) return set(row, col);
                        const now = Array.isArray(picked) ? picked : [];
                        set(row, e.target.checked ? [...now, col] : now.filter((c) => c !== col));
                      }}
                    />
                    <span className="fl-matrix-collabel">{label(q.key, "columns", col)}</span>
                  </label>
                );
              })}
            </div>
          );
        })}
      </div>
    </GroupFrame>
  );
}

export const matrixControl = { Field: Matrix, advancesOnPick: false } satisfies RespondentControl<"matrix">;
