/**
 * The form builder: form details, the question list, a live preview and the
 * settings panel; the draft autosaves, and Publish snapshots it.
 * Validated with the API's formSchemaSchema through react-hook-form.
 */
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch, type Resolver } from "react-hook-form";
import type { getForm } from "@/lib/forms/forms";
import { formSchemaSchema, type FormSchema, type FormSchemaInput } from "@/lib/schema/form-schema";
import { Alert, Button, Card, CopyButton, InlineStatus, Input, Select, Tabs, Textarea, useToast } from "@/components/ui";
import { callApi } from "@/components/dashboard/api";
import { GuardedButton, useAllows } from "@/components/workspaces/role-context";
import { renamedKey, renameReferences, type EditedQuestion } from "@/lib/logic/editing";
import { EndingsEditor } from "./logic/endings-editor";
import { SaveErrorsContext } from "./logic/errors";
import { PathsPanel } from "./logic/paths-panel";
import { LivePreview } from "./preview";
import { QuestionList } from "./question-list";
import { BuilderFormContext } from "@/components/question-types/shared/builder-form";
import { SettingsPanel, type FormSettings } from "./settings-panel";
import { MoveFormPanel } from "./move-form-panel";
import { SharePanel } from "./share-panel";
import { ThemePanel } from "./theme-panel";
import { TranslationsEditor } from "./translations-editor";
import { pruneTranslations } from "@/lib/i18n/texts";
import type { BuilderValues } from "./types";
import { useAutosave, type SaveState } from "./use-autosave";

export type FormDetail = Awaited<ReturnType<typeof getForm>>;

const toBuilderValues = (draft: FormSchema): BuilderValues => {
  const { version: _version, ...rest } = draft;
  return rest as BuilderValues;
};

/** The schema as respondents would get it, for "does the draft differ from what is published?". */
function comparable(schema: object): string | null {
  const { publishedAt: _at, ...rest } = schema as { publishedAt?: string };
  const parsed = formSchemaSchema.safeParse(rest);
  if (!parsed.success) return null;
  const { version: _v, ...fields } = parsed.data;
  return JSON.stringify(fields);
}

const saveLabels: Record<SaveState, { text: string; tone: "success" | "neutral" | "warning" | "danger" }> = {
  saved: { text: "All changes saved", tone: "success" },
  saving: { text: "Saving…", tone: "neutral" },
  unsaved: { text: "Unsaved changes", tone: "warning" },
  invalid: { text: "Not saved: fix the highlighted problems", tone: "danger" },
  error: { text: "Not saved", tone: "danger" },
};

export function Builder({ form }: { form: FormDetail }) {
  const router = useRouter();
  const toast = useToast();
  const methods = useForm<BuilderValues>({
    // The API's schema; its input type is the union, ours the flat editable shape.
    resolver: zodResolver(formSchemaSchema) as unknown as Resolver<BuilderValues>,
    mode: "onChange",
    defaultValues: toBuilderValues(form.draft),
  });
  const { control, register, getValues, setValue, setError, formState } = methods;
  const [status, setStatus] = useState(form.status);
  const [publicUrl, setPublicUrl] = useState(form.publicUrl);
  const [published, setPublished] = useState(form.published);
  const [settings, setSettings] = useState<FormSettings>(form);
  const [embedOrigins, setEmbedOrigins] = useState(form.allowedEmbedOrigins);
  const [busy, setBusy] = useState<"publish" | "unpublish" | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // A viewer reads the form: every field is disabled and nothing autosaves (the API would answer 403).
  const canEdit = useAllows("editForms");

  // The last save's messages by path: logic rules show theirs beside them (components/builder/logic/errors.tsx).
  const [saveErrors, setSaveErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const onInvalid = useCallback((details: { path: string; message: string }[]) => {
    setSaveErrors(new Map(details.map((d) => [d.path, d.message])));
    for (const d of details) {
      if (/^(title|description|mode|thankYouMessage|questions\.\d+(\.\w+(\.\d+)?)?|theme\.\w+(\.\w+)?)$/.test(d.path)) {
        setError(d.path as Parameters<typeof setError>[0], { type: "server", message: d.message });
      }
    }
  }, [setError]);

  // The page header (a server component) shows the title: refresh it when a saved title changes.
  const savedTitle = useRef(form.draft.title);
  const onSaved = useCallback((draft: FormSchema) => {
    setSaveErrors((m) => (m.size ? new Map() : m));
    if (draft.title === savedTitle.current) return;
    savedTitle.current = draft.title;
    router.refresh();
  }, [router]);

  const autosave = useAutosave({ formId: form.id, initialVersion: form.draft.version, getValues: getValues as unknown as () => FormSchemaInput, onInvalid, onSaved });

  // Every change (typing, moves, adds) reschedules the debounced save.
  const values = useWatch({ control }) as BuilderValues;
  const json = JSON.stringify(values);
  const lastJson = useRef(json);
  const { schedule } = autosave;
  useEffect(() => {
    if (json === lastJson.current) return;
    lastJson.current = json;
    if (canEdit.allowed) schedule();
  }, [json, schedule, canEdit.allowed]);

  // Translations follow the form: texts of deleted or renamed questions, options and endings are dropped (lib/i18n/texts.ts).
  useEffect(() => {
    const current = values.translations;
    if (!current) return;
    const pruned = pruneTranslations({ ...values, title: values.title ?? "", questions: (values.questions ?? []).filter(Boolean) as never }, current);
    if (JSON.stringify(pruned) !== JSON.stringify(current)) setValue("translations", pruned, { shouldDirty: true });
  }, [json]); // eslint-disable-line react-hooks/exhaustive-deps

  // Renaming a question or an ending renames it in the logic that points at it.
  const lastKeys = useRef<{ questions: string[]; endings: string[] } | null>(null);
  useEffect(() => {
    const keys = { questions: (values.questions ?? []).map((q) => q?.key ?? ""), endings: (values.endings ?? []).map((e) => e?.key ?? "") };
    const before = lastKeys.current;
    lastKeys.current = keys;
    if (!before) return;
    const renamed = renamedKey(before.questions, keys.questions) ?? renamedKey(before.endings, keys.endings);
    if (!renamed || !renamed[1]) return;
    const current = getValues("questions") as EditedQuestion[];
    const next = renameReferences(current, renamed[0], renamed[1]);
    next?.forEach((q, i) => {
      if (q === current[i]) return;
      setValue(`questions.${i}.showIf`, q.showIf, { shouldDirty: true });
      setValue(`questions.${i}.jump`, q.jump, { shouldDirty: true });
    });
  }, [json]); // eslint-disable-line react-hooks/exhaustive-deps

  const draftDiffers = useMemo(() => {
    if (!published) return true;
    const now = comparable(JSON.parse(json));
    return now === null || now !== comparable(published);
  }, [json, published]);

  const publish = async () => {
    setActionError(null);
    setBusy("publish");
    try {
      if (!(await autosave.flush())) return setActionError("Publishing needs a saved draft: fix the problems shown first.");
      const res = await callApi<{ form: FormDetail }>("POST", `/api/forms/${form.id}/publish`);
      if (!res.ok) return setActionError(res.error.message);
      setStatus(res.data.form.status);
      setPublicUrl(res.data.form.publicUrl);
      setPublished(res.data.form.published);
      setSettings(res.data.form);
      autosave.setVersion(res.data.form.draft.version);
      toast("Published");
      router.refresh();
    } finally {
      setBusy(null);
    }
  };

  const unpublish = async () => {
    setActionError(null);
    setBusy("unpublish");
    const res = await callApi<{ form: FormDetail }>("POST", `/api/forms/${form.id}/unpublish`);
    setBusy(null);
    if (!res.ok) return setActionError(res.error.message);
    setStatus(res.data.form.status);
    setPublicUrl(res.data.form.publicUrl);
    toast("Unpublished: the public page is closed");
    router.refresh();
  };

  const save = saveLabels[autosave.state];
  const isPublished = status === "published";

  return (
    <FormProvider {...methods}>
      <SaveErrorsContext value={saveErrors}>
      <BuilderFormContext.Provider value={{ formId: form.id }}>
      <div className="builder-toolbar">
        <div className="row">
          <InlineStatus tone={save.tone}><span data-testid="save-state" data-state={autosave.state}>{save.text}</span></InlineStatus>
          {autosave.state === "error" && !autosave.conflict && <Button variant="ghost" size="sm" onClick={() => void autosave.save()}>Retry</Button>}
        </div>
        <div className="row">
          {isPublished && publicUrl && (
            <span className="row small">
              <a href={publicUrl} target="_blank" rel="noreferrer">Open public page</a>
              <CopyButton value={publicUrl} absolute label="Copy public link" />
            </span>
          )}
          {isPublished && <GuardedButton action="editForms" variant="secondary" loading={busy === "unpublish"} onClick={unpublish}>Unpublish</GuardedButton>}
          <GuardedButton action="editForms" loading={busy === "publish"} disabled={isPublished && !draftDiffers} onClick={publish}>
            {!isPublished ? "Publish" : draftDiffers ? "Publish changes" : "Published"}
          </GuardedButton>
        </div>
      </div>
      {autosave.conflict && (
        <Alert tone="danger">
          {autosave.error?.message ?? "This form changed elsewhere."} <button type="button" className="btn btn-sm btn-secondary" onClick={() => window.location.reload()}>Reload</button>
        </Alert>
      )}
      {autosave.error && !autosave.conflict && <Alert tone="danger">Could not save the draft: {autosave.error.message}</Alert>}
      {actionError && <Alert tone="danger">{actionError}</Alert>}
      {!canEdit.allowed && <Alert tone="info">You are a viewer in this workspace: you can read this form, its responses and analytics, but not change them.</Alert>}
      {isPublished && draftDiffers && <p className="small muted" style={{ margin: "0 0 12px" }}>The draft has changes respondents do not see yet: publish them when ready.</p>}

      <div className="builder-grid">
        <fieldset className="stack builder-main fieldset-reset" disabled={!canEdit.allowed}>
          <legend className="visually-hidden">Form content</legend>
          <Card title="Form" titleAs="h2">
            <div className="stack">
              <Input label="Form title" error={formState.errors.title?.message} {...register("title")} />
              <Textarea label="Description (optional)" rows={2} error={formState.errors.description?.message} {...register("description", { setValueAs: (v) => (v === "" ? undefined : v) })} />
              <Select
                label="Layout"
                options={[{ value: "classic", label: "Classic — all questions on one page" }, { value: "immersive", label: "Immersive — one question at a time" }]}
                {...register("mode")}
              />
              <Textarea label="Thank-you message (optional)" rows={2} hint="Shown after a response is submitted" error={formState.errors.thankYouMessage?.message} {...register("thankYouMessage", { setValueAs: (v) => (v === "" ? undefined : v) })} />
            </div>
          </Card>
          <Card title="Questions" titleAs="h2">
            <div className="stack">
              <QuestionList expanded={expanded} setExpanded={setExpanded} onActiveKey={setActiveKey} />
            </div>
          </Card>
          <Card title="Endings" titleAs="h2">
            <EndingsEditor />
          </Card>
          <Card title="Languages" titleAs="h2">
            <TranslationsEditor />
          </Card>
          <Card title="Paths" titleAs="h2">
            <PathsPanel questions={(values.questions ?? []).filter(Boolean) as EditedQuestion[]} endings={(values.endings ?? []).filter(Boolean)} />
          </Card>
          <Card title="Design" titleAs="h2">
            <ThemePanel formId={form.id} />
          </Card>
        </fieldset>
        <aside className="builder-side" aria-label="Preview and settings">
          <Tabs
            label="Side panel"
            tabs={[
              { id: "preview", label: "Preview", content: <LivePreview values={values} activeKey={activeKey} /> },
              { id: "settings", label: "Settings", content: <><Card><fieldset className="fieldset-reset" disabled={!canEdit.allowed}><legend className="visually-hidden">Form settings</legend><SettingsPanel formId={form.id} settings={{ ...settings, status }} onSaved={setSettings} hiddenKeys={(values.questions ?? []).filter((q) => q?.type === "hidden" && q.key).map((q) => q.key)} /></fieldset></Card><Card title="Workspace" titleAs="h3"><MoveFormPanel formId={form.id} /></Card></> },
              { id: "share", label: "Share", content: <SharePanel formId={form.id} slug={settings.slug} publicUrl={isPublished ? publicUrl : null} title={values.title ?? form.title} hiddenKeys={(values.questions ?? []).filter((q) => q?.type === "hidden" && q.key).map((q) => q.key)} allowedEmbedOrigins={embedOrigins} onSaved={setEmbedOrigins} /> },
            ]}
          />
        </aside>
      </div>
      </BuilderFormContext.Provider>
      </SaveErrorsContext>
    </FormProvider>
  );
}
