/**
 * The live preview of the respondent page, from the builder's current values.
 * Only questions that pass the schema are shown (a half-edited one would be
 * meaningless), so the preview is always something a respondent could see.
 * It follows the question being edited (immersive mode jumps to its step).
 */
"use client";

import { useMemo, useState } from "react";
import { catalogs } from "@/lib/i18n/catalogs";
import { languageNames, type PageLanguage } from "@/lib/i18n/languages";
import { localizeSchema } from "@/lib/i18n/localize";
import { formLanguages } from "@/lib/i18n/negotiate";
import { formModes, questionSchema, type FormSchema, type Question } from "@/lib/schema/form-schema";
import { FormRenderer } from "@/components/respondent/form-renderer";
import { endingSchema } from "@/lib/logic/schema";
import { END } from "@/lib/logic/types";
import { themeSchema } from "@/lib/theme/schema";
import type { BuilderValues } from "./types";

export function previewSchema(values: BuilderValues): { schema: Pick<FormSchema, "title" | "questions" | "description" | "mode" | "thankYouMessage" | "endings" | "theme">; skipped: number } {
  const questions: Question[] = [];
  let skipped = 0;
  for (const q of values.questions ?? []) {
    const parsed = questionSchema.safeParse(q);
    if (parsed.success) questions.push(parsed.data);
    else skipped++;
  }
  const endings = (values.endings ?? []).filter((e) => endingSchema.safeParse(e).success);
  // The engine follows the logic; a jump whose target is not (yet) a later question or an ending is left out.
  const targets = new Set([END, ...endings.map((e) => e.key)]);
  for (let i = questions.length - 1; i >= 0; i--) {
    const q = questions[i];
    if ("jump" in q && q.jump) {
      const jump = q.jump.filter((r) => targets.has(r.to));
      questions[i] = { ...q, jump: jump.length ? jump : undefined } as Question;
    }
    targets.add(q.key);
  }
  const theme = previewTheme(values.theme);
  return {
    schema: {
      title: values.title?.trim() || "Untitled form",
      description: values.description || undefined,
      mode: formModes.includes(values.mode) ? values.mode : "classic",
      thankYouMessage: values.thankYouMessage || undefined,
      questions,
      endings: endings.length ? endings : undefined,
      theme,
    },
    skipped,
  };
}

/** The theme without its invalid parts (a half-typed colour shows as the default until it is whole). */
function previewTheme(theme: unknown) {
  let candidate = theme === undefined ? undefined : structuredClone(theme);
  for (let attempt = 0; attempt < 8 && candidate !== undefined; attempt++) {
    const parsed = themeSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      if (issue.path.length === 0) return undefined;
      let parent = candidate as Record<PropertyKey, unknown>;
      for (const key of issue.path.slice(0, -1)) parent = (parent?.[key as PropertyKey] ?? undefined) as Record<PropertyKey, unknown>;
      if (parent && typeof parent === "object") delete parent[issue.path.at(-1) as PropertyKey];
    }
  }
  return undefined;
}

/** h4's respondent renderer in preview mode: exactly what respondents get, without the network. */
export function LivePreview({ values, activeKey }: { values: BuilderValues; activeKey?: string | null }) {
  const { schema: source, skipped } = useMemo(() => previewSchema(values), [values]);
  // The preview speaks any of the form's languages: the page's own words and the translated texts.
  const languages = formLanguages(values);
  const [asked, setAsked] = useState<PageLanguage | null>(null);
  const language = asked && languages.includes(asked) ? asked : languages[0];
  const { schema, labels } = useMemo(
    () => localizeSchema({ ...source, language: values.language, translations: values.translations }, language),
    [source, values.language, values.translations, language],
  );
  const i18n = useMemo(() => ({ language, messages: catalogs[language], labels }), [language, labels]);
  return (
    <div className="preview-frame" data-testid="live-preview" role="region" aria-label="Live preview">
      {languages.length > 1 ? (
        <label className="row small" style={{ margin: 8 }}>
          Preview in
          <select className="input" value={language} onChange={(e) => setAsked(e.target.value as PageLanguage)} data-testid="preview-language">
            {languages.map((l) => <option key={l} value={l}>{languageNames[l]}</option>)}
          </select>
        </label>
      ) : null}
      <div className="preview-viewport">
        {/* Remount on layout change or language: the two modes keep different state. */}
        <FormRenderer key={`${schema.mode}-${language}`} schema={schema} preview activeQuestionKey={activeKey ?? undefined} i18n={i18n} />
      </div>
      {skipped > 0 && <p className="small muted" style={{ margin: 8 }}>{skipped} question{skipped === 1 ? "" : "s"} with problems not shown.</p>}
    </div>
  );
}
