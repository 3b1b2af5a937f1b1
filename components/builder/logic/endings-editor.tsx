/**
 * The form's endings: thank-you screens jump rules can lead to (the form's
 * thank-you message stays the default ending). Each has a key (what jumps
 * and the API name), a title, an optional message ({{recall}} allowed) and an
 * optional redirect.
 */
"use client";

import { get, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button, Input, Textarea } from "@/components/ui";
import { uniqueKey } from "../question-types";
import { emptyToUndefined, type BuilderValues } from "../types";
import { useLogicError } from "./errors";

export function EndingsEditor() {
  const { control, register, getValues, formState } = useFormContext<BuilderValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "endings" });
  const questions = useWatch({ control, name: "questions" }) ?? [];
  const errorAt = useLogicError();
  const err = (path: string) => errorAt(path) ?? (get(formState.errors, path) as { message?: string } | undefined)?.message;
  const referrers = (key: string) => questions.map((q, i) => (q?.jump?.some((r) => r.to === key) ? i + 1 : 0)).filter(Boolean);

  return (
    <div className="stack" data-testid="endings">
      <p className="small muted" style={{ margin: 0 }}>
        Endings are thank-you screens a jump rule can lead to. Without a jump, respondents get the form’s thank-you message.
      </p>
      {fields.length > 0 && (
        <ol className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {fields.map((field, i) => {
            const key = getValues(`endings.${i}.key`) ?? "";
            const used = referrers(key);
            return (
              <li key={field.id} className="stack-sm" data-testid="ending" style={{ border: "1px solid var(--border)", borderRadius: 6, padding: 10 }}>
                <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
                  <legend className="field-label">Ending {i + 1}</legend>
                  <div className="form-grid">
                    <Input label="Title" error={err(`endings.${i}.title`)} {...register(`endings.${i}.title`)} />
                    <Input label="Key" className="mono" spellCheck={false} hint="Jump rules and the API name it" error={err(`endings.${i}.key`)} {...register(`endings.${i}.key`)} />
                  </div>
                  <Textarea label="Message (optional)" rows={2} error={err(`endings.${i}.message`)} {...register(`endings.${i}.message`, { setValueAs: emptyToUndefined })} />
                  <Input label="Redirect to (optional)" type="url" placeholder="https://…" error={err(`endings.${i}.redirectUrl`)} {...register(`endings.${i}.redirectUrl`, { setValueAs: emptyToUndefined })} />
                  <div className="row-between">
                    <span className="small muted">{used.length ? `Reached from question${used.length > 1 ? "s" : ""} ${used.join(", ")}` : "No jump rule leads here yet"}</span>
                    <Button variant="ghost" size="sm" aria-label={`Remove ending ${i + 1}`} onClick={() => remove(i)}>Remove</Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            const taken = [...getValues("questions").map((q) => q.key), ...(getValues("endings") ?? []).map((e) => e.key), "end", "score", "ending"];
            append({ key: uniqueKey(`ending_${fields.length + 1}`, taken), title: "Thank you!" });
          }}
        >
          Add ending
        </Button>
      </div>
    </div>
  );
}
