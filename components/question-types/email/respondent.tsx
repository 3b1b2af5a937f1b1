"use client";
import { TextField } from "../shared/text-field";
import type { RespondentControl } from "../types";

export const emailControl = {
  Field: (props) => <TextField props={props} kind={{ type: "email", autoComplete: "email", inputMode: "email", placeholder: props.question.placeholder }} />,
  advancesOnPick: false,
} satisfies RespondentControl<"email">;
