/**
 * The form's settings (slug, open/close times, response cap, one per person and what a person is):
 * PATCH /api/forms/:id with only what changed. Validated with the API's
 * updateFormSchema (the inputs are converted to the API's shapes first), and
 * the server's 400 details land next to their fields too.
 */
"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { MAX_RESPONSES_LIMIT, updateFormSchema } from "@/lib/forms/settings";
import { Alert, Button, Checkbox, Input, Select, useToast } from "@/components/ui";
import { callApi } from "@/components/dashboard/api";

export interface FormSettings {
  slug: string | null;
  status: string;
  startAt: string | null;
  endAt: string | null;
  maxResponses: number | null;
  limitOnePerPerson: boolean;
  onePerPersonBy: string;
}

interface SettingsValues {
  slug: string;
  startAt: string;
  endAt: string;
  maxResponses: string;
  limitOnePerPerson: boolean;
  onePerPersonBy: string;
}
type Field = keyof SettingsValues;
const FIELDS: Field[] = ["slug", "startAt", "endAt", "maxResponses", "limitOnePerPerson", "onePerPersonBy"];

/** ISO instant → the value of a datetime-local input, in the viewer's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const toValues = (s: FormSettings): SettingsValues => ({
  slug: s.slug ?? "",
  startAt: toLocalInput(s.startAt),
  endAt: toLocalInput(s.endAt),
  maxResponses: s.maxResponses === null ? "" : String(s.maxResponses),
  limitOnePerPerson: s.limitOnePerPerson,
  onePerPersonBy: s.onePerPersonBy,
});

/** The PATCH body these inputs mean (every field; empty = cleared). */
function toBody(v: SettingsValues) {
  const instant = (local: string) => {
    if (!local) return null;
    const d = new Date(local);
    // An unparseable value goes through as typed, so the schema's message names it.
    return Number.isNaN(d.getTime()) ? local : d.toISOString();
  };
  return {
    slug: v.slug.trim() === "" ? null : v.slug.trim(),
    startAt: instant(v.startAt),
    endAt: instant(v.endAt),
    maxResponses: v.maxResponses.trim() === "" ? null : Number(v.maxResponses),
    limitOnePerPerson: v.limitOnePerPerson,
    onePerPersonBy: v.onePerPersonBy,
  };
}

// zod's own wording for a number out of range ("Too small: expected number to be >=1") reads like a stack trace here.
const MAX_RESPONSES_MESSAGE = `Enter a whole number from 1 to ${MAX_RESPONSES_LIMIT.toLocaleString("en-US")}, or leave it empty for no limit`;

const resolver: Resolver<SettingsValues> = async (values) => {
  const result = updateFormSchema.safeParse(toBody(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<SettingsValues> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = { type: issue.code, message: field === "maxResponses" ? MAX_RESPONSES_MESSAGE : issue.message };
  }
  return { values: {}, errors };
};

/** The choices for onePerPersonBy: the browser, the e-mail answer, or one of the draft's hidden fields (and the stored one). */
function personOptions(hiddenKeys: string[], current: string) {
  const hidden = [...new Set([...hiddenKeys.map((k) => `hidden:${k}`), ...(current.startsWith("hidden:") ? [current] : [])])];
  return [
    { value: "browser", label: "Browser (a cookie; IP address and browser without one)" },
    { value: "email", label: "E-mail address (the first email question's answer)" },
    ...hidden.map((v) => ({ value: v, label: `Link value: hidden field “${v.slice("hidden:".length)}” (e.g. an invite id)` })),
  ];
}

export function SettingsPanel({ formId, settings, onSaved, hiddenKeys = [] }: { formId: string; settings: FormSettings; onSaved: (s: FormSettings) => void; hiddenKeys?: string[] }) {
  const router = useRouter();
  const toast = useToast();
  const [baseline, setBaseline] = useState(settings);
  const [message, setMessage] = useState<{ tone: "danger" | "success" | "info"; text: string } | null>(null);
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<SettingsValues>({ resolver, defaultValues: { ...toValues(settings), startAt: "", endAt: "" } });
  const { errors, isSubmitting } = formState;

  // Times are shown in the viewer's zone, which the server cannot know: fill them in after mount.
  useEffect(() => {
    reset(toValues(baseline));
    setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, [baseline, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const body = toBody(values);
    const before = toBody(toValues(baseline));
    const changed = Object.fromEntries(Object.entries(body).filter(([k, v]) => before[k as Field] !== v));
    if (Object.keys(changed).length === 0) return setMessage({ tone: "info", text: "Nothing changed." });
    const res = await callApi<{ form: FormSettings }>("PATCH", `/api/forms/${formId}`, changed);
    if (!res.ok) {
      let placed = false;
      for (const d of res.error.details ?? []) {
        const field = d.path.split(".")[0] as Field;
        if (FIELDS.includes(field)) { setError(field, { message: d.message }); placed = true; }
      }
      return setMessage({ tone: "danger", text: placed ? `Not saved: ${res.error.message}` : res.error.message });
    }
    setBaseline(res.data.form);
    onSaved(res.data.form);
    setMessage({ tone: "success", text: "Settings saved." });
    toast("Settings saved");
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} method="post" noValidate className="stack" aria-label="Form settings">
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Input
        label="Link (slug)"
        hint={settings.status === "published" ? "Lowercase letters, digits and -. Changing it breaks links already shared." : "Lowercase letters, digits and -. Leave empty to make one from the title when you publish."}
        className="mono"
        spellCheck={false}
        error={errors.slug?.message}
        {...register("slug")}
      />
      <div className="form-grid">
        <Input label="Opens at (optional)" type="datetime-local" error={errors.startAt?.message} {...register("startAt")} />
        <Input label="Closes at (optional)" type="datetime-local" error={errors.endAt?.message} {...register("endAt")} />
      </div>
      {timeZone && <p className="field-hint" style={{ marginTop: -8 }}>Times are in your time zone ({timeZone}).</p>}
      <Input
        label="Response limit (optional)"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_RESPONSES_LIMIT}
        step={1}
        hint="Stop accepting responses after this many. Empty: no limit."
        error={errors.maxResponses?.message}
        {...register("maxResponses")}
      />
      <Checkbox label="One response per person" hint="See below for who counts as one person." {...register("limitOnePerPerson")} />
      <Select
        label="One person is"
        hint="A cookie is lost with private windows or cleared cookies; an e-mail is not verified; an invite link can be forwarded."
        options={personOptions(hiddenKeys, baseline.onePerPersonBy)}
        error={errors.onePerPersonBy?.message}
        {...register("onePerPersonBy")}
      />
      <div><Button type="submit" loading={isSubmitting}>Save settings</Button></div>
    </form>
  );
}
