"use client";
import { ScaleField, scaleShortcut } from "../shared/choice-group";
import type { RespondentControl } from "../types";

/** Numbered boxes with a label at each end (never stars: that is rating). */
export const opinionScaleControl = {
  Field: (props) => {
    const q = props.question;
    return <ScaleField props={props} min={q.scaleMin ?? 0} max={q.scaleMax ?? 10} minLabel={q.minLabel} maxLabel={q.maxLabel} />;
  },
  advancesOnPick: true,
  shortcut: (q, key, ctx) => scaleShortcut(q.scaleMin ?? 0, q.scaleMax ?? 10, key, ctx),
} satisfies RespondentControl<"opinion-scale">;
