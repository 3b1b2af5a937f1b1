"use client";

/**
 * The filters of the responses and analytics pages. They live in the URL
 * (the API's own parameter names), so a filtered view survives a reload and
 * can be shared; submitting navigates, and the server renders the result.
 * Without JavaScript the form still works as a plain GET form.
 */
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { Button, Input, Select } from "@/components/ui";
import {
  DEFAULT_ENDING,
  hasFilters,
  SEARCH_MAX,
  toSearchParams,
  withQuery,
  type FilterProblem,
  type ResponseFilters,
} from "@/lib/responses/view-model";
import styles from "./responses.module.css";

interface Props {
  /** The page the filters apply to, e.g. /forms/abc/responses. */
  basePath: string;
  metadataKeys: readonly string[];
  filters: ResponseFilters;
  problems?: FilterProblem[];
  /** Date range and search too (the analytics summary filters by metadata, ending and score only). */
  full?: boolean;
  /** The form's endings: an ending picker appears when there are any (the default ending is always offered). */
  endings?: readonly { key: string; title: string }[];
  /** Whether the form has scores: a score range appears. */
  scored?: boolean;
  /** Kept across a filter change (the page size), like the spam view of `filters`; the page number restarts at 1. */
  limit?: number;
}

/** A score bound typed in the bar: a number, or nothing. */
const scoreOf = (text: string) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : undefined);

export function FilterBar({ basePath, metadataKeys, filters, problems = [], full = true, limit, endings = [], scored = false }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [draft, setDraft] = useState<ResponseFilters>(filters);
  // The score inputs keep what is typed ("-", "1.") until it is applied.
  const [scoreText, setScoreText] = useState({ min: filters.scoreMin?.toString() ?? "", max: filters.scoreMax?.toString() ?? "" });
  const problemOf = (field: string) => problems.find((p) => p.field === field)?.message;

  // The view (suspected spam or not) and the page size stay; the page number restarts at 1.
  const go = (next: ResponseFilters) => startTransition(() => router.push(withQuery(basePath, toSearchParams({ ...next, spam: filters.spam, limit }))));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go({
      from: draft.from || undefined,
      to: draft.to || undefined,
      search: draft.search?.trim() || undefined,
      metadata: Object.fromEntries(Object.entries(draft.metadata).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v)),
      ending: draft.ending || undefined,
      scoreMin: scoreOf(scoreText.min),
      scoreMax: scoreOf(scoreText.max),
    });
  }

  function clear() {
    setDraft({ metadata: {} });
    setScoreText({ min: "", max: "" });
    go({ metadata: {} });
  }

  if (!full && metadataKeys.length === 0 && endings.length === 0 && !scored) return null;

  return (
    <form className={styles.filters} method="get" action={basePath} onSubmit={submit} role="search" aria-label="Filter responses" aria-busy={pending}>
      {full && (
        <>
          <div className={styles.filterField}>
            <Input label={<>From <span className={styles.labelNote}>(UTC day)</span></>} name="from" type="date" value={draft.from ?? ""} max={draft.to || undefined} error={problemOf("from")}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
          </div>
          <div className={styles.filterField}>
            <Input label={<>To <span className={styles.labelNote}>(UTC day)</span></>} name="to" type="date" value={draft.to ?? ""} min={draft.from || undefined} error={problemOf("to")}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
          </div>
          <div className={`${styles.filterField} ${styles.grow}`}>
            <Input label="Search answers" name="search" type="search" maxLength={SEARCH_MAX} placeholder="Text in any answer"
              value={draft.search ?? ""} onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))} />
          </div>
        </>
      )}
      {metadataKeys.map((key) => (
        <div key={key} className={styles.filterField}>
          <Input label={<>{key} <span className={styles.labelNote}>(hidden field)</span></>} name={`metadata[${key}]`} type="text" maxLength={500}
            value={draft.metadata[key] ?? ""} onChange={(e) => setDraft((d) => ({ ...d, metadata: { ...d.metadata, [key]: e.target.value } }))} />
        </div>
      ))}
      {endings.length > 0 && (
        <div className={styles.filterField}>
          <Select label="Ending" name="ending" value={draft.ending ?? ""} error={problemOf("ending")}
            options={[{ value: "", label: "Any ending" }, { value: DEFAULT_ENDING, label: "Default ending" }, ...endings.map((e) => ({ value: e.key, label: e.title }))]}
            onChange={(e) => setDraft((d) => ({ ...d, ending: e.target.value || undefined }))} />
        </div>
      )}
      {scored && (
        <>
          <div className={styles.filterField}>
            <Input label="Score from" name="scoreMin" type="number" step="any" inputMode="decimal" value={scoreText.min} error={problemOf("scoreMin")}
              onChange={(e) => setScoreText((s) => ({ ...s, min: e.target.value }))} />
          </div>
          <div className={styles.filterField}>
            <Input label="Score to" name="scoreMax" type="number" step="any" inputMode="decimal" value={scoreText.max} error={problemOf("scoreMax")}
              onChange={(e) => setScoreText((s) => ({ ...s, max: e.target.value }))} />
          </div>
        </>
      )}
      {limit !== undefined && limit !== 20 && <input type="hidden" name="limit" value={limit} />}
      {filters.spam && <input type="hidden" name="spam" value={filters.spam} />}
      <div className={styles.filterActions}>
        <Button type="submit" loading={pending}>Apply filters</Button>
        {hasFilters(filters) && (
          <Button variant="ghost" onClick={clear} disabled={pending}>Clear filters</Button>
        )}
      </div>
    </form>
  );
}
