"use client";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { Description, idsOf, Title } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

function Statement({ question: q, idPrefix, marker }: QuestionFieldProps<QuestionOf<"statement">>) {
  const ids = idsOf(q, idPrefix);
  return (
    <div className="fl-q fl-statement" id={ids.input} tabIndex={-1}>
      <p className="fl-title"><Title q={q} marker={marker} /></p>
      <Description q={q} id={ids.desc} />
    </div>
  );
}

export const statementControl = { Field: Statement, advancesOnPick: false } satisfies RespondentControl<"statement">;
