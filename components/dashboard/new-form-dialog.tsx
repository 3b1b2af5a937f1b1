/**
 * "New form": a title and a starting point (blank or a template), validated
 * with the API's createFormSchema, then POST /api/forms (in the current
 * workspace) and on to the builder. Viewers see the button disabled.
 */
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { createFormSchema } from "@/lib/forms/settings";
import { Alert, Button, Input } from "@/components/ui";
import { GuardedButton, useWorkspace } from "@/components/workspaces/role-context";
import { callApi, detailsByPath } from "./api";

export interface TemplateSummary {
  id: string;
  title: string;
  description: string;
}

type Values = z.input<typeof createFormSchema>;

export function NewFormButton({ templates, label = "New form" }: { templates: TemplateSummary[]; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <GuardedButton action="editForms" onClick={() => setOpen(true)}>{label}</GuardedButton>
      {open && <NewFormDialog templates={templates} onClose={() => setOpen(false)} />}
    </>
  );
}

function NewFormDialog({ templates, onClose }: { templates: TemplateSummary[]; onClose: () => void }) {
  const router = useRouter();
  const workspace = useWorkspace();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, setValue, getValues, watch, setError: setFieldError, formState } = useForm<Values, unknown, z.output<typeof createFormSchema>>({
    resolver: zodResolver(createFormSchema),
    defaultValues: { title: "", templateId: undefined },
  });
  const templateId = watch("templateId");

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const choose = (template: TemplateSummary | null) => {
    const previous = templates.find((t) => t.id === getValues("templateId"));
    setValue("templateId", template?.id);
    // Suggest the template's title unless the owner typed their own.
    const title = getValues("title");
    if (template && (!title || title === previous?.title)) setValue("title", template.title, { shouldValidate: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await callApi<{ form: { id: string } }>("POST", "/api/forms", { ...values, workspaceId: workspace.id });
    if (!res.ok) {
      const fields = detailsByPath(res.error);
      if (fields.title) setFieldError("title", { message: fields.title });
      setError(res.error.message);
      return;
    }
    router.push(`/forms/${res.data.form.id}`);
  });

  return (
    <dialog ref={ref} className="dialog" style={{ width: "min(560px, calc(100vw - 32px))" }} aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={onSubmit} method="post" noValidate>
        <div className="dialog-body stack">
          <h2 id={`${id}-title`}>New form</h2>
          {error && <Alert tone="danger">{error}</Alert>}
          <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="field-label" style={{ marginBottom: 8 }}>Start from</legend>
            <label className="checkbox">
              <input type="radio" name="template" checked={!templateId} onChange={() => choose(null)} />
              <span><strong>Blank form</strong> <span className="muted small">— add your own questions</span></span>
            </label>
            {templates.map((t) => (
              <label key={t.id} className="checkbox">
                <input type="radio" name="template" checked={templateId === t.id} onChange={() => choose(t)} />
                <span><strong>{t.title}</strong> <span className="muted small">— {t.description}</span></span>
              </label>
            ))}
          </fieldset>
          <Input label="Title" autoFocus error={formState.errors.title?.message} {...register("title")} />
        </div>
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => ref.current?.close()}>Cancel</Button>
          <Button type="submit" loading={formState.isSubmitting}>Create form</Button>
        </div>
      </form>
    </dialog>
  );
}
