"use client";
import type { RespondentControl } from "../types";

/**
 * A hidden question is never shown: its value comes from the page URL and
 * rides in an `<input type="hidden">` that the form renderer writes.
 */
export const hiddenControl = { Field: () => null, advancesOnPick: false } satisfies RespondentControl<"hidden">;
