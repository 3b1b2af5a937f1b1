"use client";
import { TextField } from "../shared/text-field";
import type { RespondentControl } from "../types";

export const phoneControl = {
  Field: (props) => <TextField props={props} kind={{ type: "tel", autoComplete: "tel", inputMode: "tel", placeholder: props.question.placeholder }} />,
  advancesOnPick: false,
} satisfies RespondentControl<"phone">;
