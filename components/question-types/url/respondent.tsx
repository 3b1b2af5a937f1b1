"use client";
import { TextField } from "../shared/text-field";
import type { RespondentControl } from "../types";

export const urlControl = {
  Field: (props) => <TextField props={props} kind={{ type: "url", autoComplete: "url", inputMode: "url", placeholder: props.question.placeholder }} />,
  advancesOnPick: false,
} satisfies RespondentControl<"url">;
