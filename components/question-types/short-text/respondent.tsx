"use client";
import { TextField } from "../shared/text-field";
import type { RespondentControl } from "../types";

export const shortTextControl = {
  Field: (props) => <TextField props={props} kind={{ type: "text", autoComplete: "off", maxLength: props.question.maxLength, placeholder: props.question.placeholder }} />,
  advancesOnPick: false,
} satisfies RespondentControl<"short-text">;
