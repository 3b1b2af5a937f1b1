/**
 * The live preview of the respondent page, from the builder's current values.
 * Only questions that pass the schema are shown (a half-edited one would be
 * meaningless), so the preview is always something a respondent could see.
 */
"use client";

import { useMemo } from "react";
import { formModes, questionSchema, type FormSchema, type Question } from "@/lib/schema/form-schema";
import type { BuilderValues } from "./types";

export function previewSchema(values: BuilderValues): { schema: Pick<FormSchema, "title" | "questions" | "description" | "mode" | "thankYouMessage">; skipped: number } {
  const questions: Question[] = [];
  let skipped = 0;
  for (const q of values.questions ?? []) {
    const parsed = questionSchema.safeParse(q);
    if (parsed.success) questions.push(parsed.data);
    else skipped++;
  }
  return {
    schema: {
      title: values.title?.trim() || "Untitled form",
      description: values.description || undefined,
      mode: formModes.includes(values.mode) ? values.mode : "classic",
      thankYouMessage: values.thankYouMessage || undefined,
      questions,
    },
    skipped,
  };
}

export function LivePreview({ values }: { values: BuilderValues; activeKey?: string | null }) {
  const { schema, skipped } = useMemo(() => previewSchema(values), [values]);
  let n = 0;
  return (
    <div className="preview-frame" data-testid="live-preview" aria-label="Live preview">
      <div className="preview-page">
        <h2 className="preview-title">{schema.title}</h2>
        {schema.description && <p className="muted">{schema.description}</p>}
        {schema.questions.length === 0 && <p className="muted">Questions you add appear here.</p>}
        {schema.questions.filter((q) => q.type !== "hidden").map((q) => (
          <div key={q.key} className="preview-question">
            {q.type === "statement" ? (
              <p style={{ fontWeight: 600 }}>{q.title}</p>
            ) : (
              <>
                <p className="preview-q-title">{++n}. {q.title}{q.required ? <span aria-label="required"> *</span> : null}</p>
                {q.description && <p className="small muted">{q.description}</p>}
                <PreviewControl q={q} />
              </>
            )}
          </div>
        ))}
        {schema.questions.length > 0 && <span className="btn btn-primary" aria-hidden="true">Submit</span>}
      </div>
      {skipped > 0 && <p className="small muted" style={{ margin: 8 }}>{skipped} question{skipped === 1 ? "" : "s"} with problems not shown.</p>}
    </div>
  );
}

function PreviewControl({ q }: { q: Question }) {
  switch (q.type) {
    case "single-choice":
    case "multiple-choice":
      return <ul className="preview-options">{q.options.map((o) => <li key={o}><span aria-hidden="true">{q.type === "single-choice" ? "○" : "☐"}</span> {o}</li>)}</ul>;
    case "dropdown":
      return <div className="input muted">{q.placeholder || "Choose…"}</div>;
    case "rating":
      return <div className="row">{Array.from({ length: q.scaleMax - q.scaleMin + 1 }, (_, i) => <span key={i} className="badge">{q.style === "numbers" ? q.scaleMin + i : "★"}</span>)}</div>;
    case "nps":
      return <div className="row">{Array.from({ length: 11 }, (_, i) => <span key={i} className="badge">{i}</span>)}</div>;
    case "yes-no":
      return <div className="row"><span className="badge">Yes</span><span className="badge">No</span></div>;
    case "long-text":
      return <div className="input muted" style={{ minHeight: 64 }}>{q.placeholder}</div>;
    case "date":
      return <div className="input muted">yyyy-mm-dd</div>;
    case "statement":
    case "hidden":
      return null;
    default:
      return <div className="input muted">{"placeholder" in q ? q.placeholder : ""}</div>;
  }
}
