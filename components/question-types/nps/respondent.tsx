"use client";
import { ScaleField, scaleShortcut } from "../shared/choice-group";
import type { RespondentControl } from "../types";

export const npsControl = {
  Field: (props) => <ScaleField props={props} min={0} max={10} minLabel={props.question.minLabel ?? "Not likely"} maxLabel={props.question.maxLabel ?? "Very likely"} />,
  advancesOnPick: true,
  shortcut: (_q, key, ctx) => scaleShortcut(0, 10, key, ctx),
} satisfies RespondentControl<"nps">;
