"use client";
import { TextField } from "../shared/text-field";
import type { RespondentControl } from "../types";

// The browser's own time control: its value is always "HH:MM" (24 h), whatever the display locale.
export const timeControl = {
  Field: (props) => <TextField props={props} kind={{ type: "time", min: props.question.min, max: props.question.max }} />,
  advancesOnPick: false,
} satisfies RespondentControl<"time">;
