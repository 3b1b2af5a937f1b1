/**
 * Validation messages of logic rules by their path (e.g.
 * "questions.3.jump.0.if.all.1.value"): the schema's own (checked as the
 * owner edits) and the server's 400 details from the last save, shown next
 * to the rule they name.
 */
"use client";

import { createContext, useContext } from "react";
import { get, useFormState } from "react-hook-form";
import type { BuilderValues } from "../types";

export const SaveErrorsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The message for one rule path: the last save's, else the live schema check's. */
export function useLogicError() {
  const saved = useContext(SaveErrorsContext);
  const { errors } = useFormState<BuilderValues>();
  return (path: string): string | undefined => {
    const fromSave = saved.get(path);
    if (fromSave) return fromSave;
    const e = get(errors, path) as { message?: string; type?: string } | undefined;
    return typeof e?.message === "string" ? e.message : undefined;
  };
}

export function RuleError({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return <span className="field-error" role="alert" id={id} data-testid="rule-error">{message}</span>;
}
