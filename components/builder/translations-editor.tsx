"use client";
/**
 * Languages of a form: the language it is written in (the page's own words
 * follow it) and its translations, edited side by side — the form's text on
 * the left, the translation on the right — with every text still missing
 * marked. A text left empty shows in the form's language. Keys of
 * `translations` are the form's own (question keys, option texts): stale ones
 * are pruned as the form changes (builder.tsx), so an edit never makes the
 * draft invalid.
 */
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button, Select } from "@/components/ui";
import { languageNames, pageLanguages, directionOf, type PageLanguage } from "@/lib/i18n/languages";
import { missingSlots, readSlot, textSlots, writeSlot, type Translations } from "@/lib/i18n/texts";
import type { BuilderValues } from "./types";

const languageOptions = (list: readonly PageLanguage[]) => list.map((l) => ({ value: l, label: `${languageNames[l]} (${l})` }));

/** A slot's place, as the owner reads it. */
function slotName(path: readonly string[]): string {
  const [head, key, field, item] = path;
  if (head === "title") return "Form title";
  if (head === "description") return "Form description";
  if (head === "thankYouMessage") return "Thank-you message";
  if (head === "buttons") return `Button “${key}” (Design)`;
  if (head === "endings") return `Ending “${key}” · ${field}`;
  return item === undefined ? `Question “${key}” · ${field}` : `Question “${key}” · ${field === "options" ? "option" : field === "rows" ? "row" : "column"}`;
}

export function TranslationsEditor() {
  const { control, setValue } = useFormContext<BuilderValues>();
  const values = useWatch({ control }) as BuilderValues;
  const own = values.language ?? "en";
  const translations: Translations = values.translations ?? {};
  const languages = (Object.keys(translations) as PageLanguage[]).filter((l) => l !== own);
  const [selected, setSelected] = useState<PageLanguage | null>(languages[0] ?? null);
  const [adding, setAdding] = useState<PageLanguage | "">("");
  const current = selected && languages.includes(selected) ? selected : (languages[0] ?? null);
  const schema = { ...values, title: values.title ?? "", questions: (values.questions ?? []).filter(Boolean) as unknown as Parameters<typeof textSlots>[0]["questions"] };
  const slots = textSlots(schema);
  const addable = pageLanguages.filter((l) => l !== own && !languages.includes(l));

  const setTranslations = (next: Translations) => setValue("translations", Object.keys(next).length ? next : undefined, { shouldDirty: true });
  const add = () => {
    if (!adding) return;
    setTranslations({ ...translations, [adding]: {} });
    setSelected(adding);
    setAdding("");
  };
  const remove = (language: PageLanguage) => {
    const next = { ...translations };
    delete next[language];
    setTranslations(next);
  };
  const edit = (path: readonly string[], value: string) => {
    if (!current) return;
    setTranslations({ ...translations, [current]: writeSlot(translations[current], path, value) });
  };

  return (
    <div className="stack" data-testid="translations">
      <Select
        label="Form language"
        hint="The language the form is written in; buttons, hints and error messages follow it"
        options={languageOptions(pageLanguages)}
        value={own}
        onChange={(e) => {
          const language = e.target.value as PageLanguage;
          setValue("language", language, { shouldDirty: true });
          if (translations[language]) remove(language);
        }}
      />
      <p className="small muted" style={{ margin: 0 }}>
        Respondents get a translation when their browser asks for its language, or with <code>?lang=</code> in the link (e.g. <code>?lang=de</code>). Answers are stored in the form’s language, so translated options count as one.
      </p>
      <div className="row">
        <Select label="Add a translation" options={[{ value: "", label: "Choose a language…" }, ...languageOptions(addable)]} value={adding} onChange={(e) => setAdding(e.target.value as PageLanguage | "")} />
        <Button variant="secondary" size="sm" disabled={!adding} onClick={add}>Add translation</Button>
      </div>
      {languages.length > 0 && current ? (
        <>
          <div className="row" role="tablist" aria-label="Translations">
            {languages.map((l) => {
              const missing = missingSlots(schema, translations[l]).length;
              return (
                <Button key={l} role="tab" aria-selected={l === current} variant={l === current ? "primary" : "ghost"} size="sm" onClick={() => setSelected(l)}>
                  {languageNames[l]}{missing ? ` · ${missing} missing` : ""}
                </Button>
              );
            })}
          </div>
          <TranslationTable language={current} slots={slots} texts={translations[current]} own={own} onEdit={edit} />
          <div><Button variant="ghost" size="sm" onClick={() => remove(current)}>Remove {languageNames[current]}</Button></div>
        </>
      ) : null}
    </div>
  );
}

function TranslationTable({ language, own, slots, texts, onEdit }: {
  language: PageLanguage;
  own: PageLanguage;
  slots: ReturnType<typeof textSlots>;
  texts: Translations[PageLanguage];
  onEdit: (path: readonly string[], value: string) => void;
}) {
  const missing = slots.filter((slot) => readSlot(texts, slot.path) === undefined).length;
  return (
    <div className="stack" data-testid={`translation-${language}`}>
      {missing > 0 ? (
        <p className="small" role="status" data-testid="missing-count" style={{ margin: 0, color: "var(--warning, #9a6700)" }}>
          ⚠ {missing} missing translation{missing === 1 ? "" : "s"}: those texts show in {languageNames[own]}.
        </p>
      ) : (
        <p className="small muted" role="status" data-testid="missing-count" style={{ margin: 0 }}>Every text is translated.</p>
      )}
      <table className="table translation-table">
        <thead>
          <tr>
            <th scope="col">{languageNames[own]}</th>
            <th scope="col">{languageNames[language]}</th>
          </tr>
        </thead>
        <tbody>
          {slots.map((slot) => {
            const id = `tr-${language}-${slot.path.join("-")}`;
            const value = readSlot(texts, slot.path) ?? "";
            const label = `${slotName(slot.path)}, ${languageNames[language]}`;
            const common = {
              id,
              className: "input",
              value,
              dir: directionOf(language),
              lang: language,
              "aria-label": label,
              "aria-invalid": value ? undefined : true,
              "aria-describedby": value ? undefined : `${id}-missing`,
              onChange: (e: { target: { value: string } }) => onEdit(slot.path, e.target.value),
            };
            return (
              <tr key={slot.path.join("\u0000")} data-missing={value ? undefined : ""}>
                <td>
                  <span className="small muted">{slotName(slot.path)}</span>
                  <div lang={own} dir={directionOf(own)} style={{ whiteSpace: "pre-wrap" }}>{slot.source}</div>
                </td>
                <td>
                  {slot.long ? <textarea rows={2} {...common} /> : <input type="text" {...common} />}
                  {value ? null : <span id={`${id}-missing`} className="small" style={{ color: "var(--warning, #9a6700)" }}>Missing translation</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
