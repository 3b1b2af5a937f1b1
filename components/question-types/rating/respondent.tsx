"use client";
import { ScaleField, scaleShortcut } from "../shared/choice-group";
import type { RespondentControl } from "../types";

export const ratingControl = {
  Field: (props) => {
    const q = props.question;
    return <ScaleField props={props} min={q.scaleMin} max={q.scaleMax} stars={q.style === "stars"} minLabel={q.minLabel} maxLabel={q.maxLabel} />;
  },
  advancesOnPick: true,
  shortcut: (q, key, ctx) => scaleShortcut(q.scaleMin, q.scaleMax, key, ctx),
} satisfies RespondentControl<"rating">;
