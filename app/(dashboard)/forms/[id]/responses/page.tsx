import type { Actor } from "@/lib/workspaces/actor";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ExportButton } from "@/components/responses/export-button";
import { FilterBar } from "@/components/responses/filter-bar";
import { Pagination } from "@/components/responses/pagination";
import { ResponsesTable } from "@/components/responses/responses-table";
import { HeldLink, HeldNotice, ResponseViews } from "@/components/responses/spam-views";
import type { ResponseColumn, ResponseRow } from "@/components/responses/types";
import { Alert, CopyButton, EmptyState } from "@/components/ui";
import { requireFormActor } from "@/lib/workspaces/dashboard";
import { getFormForPage } from "@/lib/forms/owned-form-page";
import { AppError } from "@/lib/http/errors";
import { getResponse, listResponses } from "@/lib/responses/list";
import { countHeldResponses } from "@/lib/responses/spam-hold";
import {
  answerColumns,
  hasFilters,
  metadataKeysOf,
  outcomeFiltersOf,
  readResponsePageQuery,
  toSearchParams,
  withQuery,
  type SearchParams,
} from "@/lib/responses/view-model";
import type { AnswerValue } from "@/lib/schema/answers";
import { DEFAULT_LANGUAGE } from "@/lib/i18n/languages";

export const metadata: Metadata = { title: "Responses" };

export default async function ResponsesPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const { id } = await params;
  const basePath = `/forms/${id}/responses`;
  const actor = await requireFormActor(id, basePath);
  const form = await getFormForPage(actor, id);
  const schema = form.published;
  const metadataKeys = metadataKeysOf(schema);
  const rawParams = await searchParams;
  const outcome = outcomeFiltersOf(schema);
  const { query, problems } = readResponsePageQuery(rawParams, metadataKeys, outcome.endings.map((e) => e.key));
  const { page, limit, ...filters } = query;
  const filtered = hasFilters(filters);
  const showingHeld = filters.spam === "only";

  let result: Awaited<ReturnType<typeof listResponses>> | null = null;
  let loadError: string | null = null;
  let held = 0;
  try {
    [result, held] = await Promise.all([listResponses(actor, id, query), countHeldResponses(actor, id)]);
  } catch (error) {
    // A filter the API refuses is shown above the table; anything else is the page's error boundary.
    if (!(error instanceof AppError) || error.status !== 400) throw error;
    loadError = error.message;
  }
  const total = result?.pagination.total ?? 0;
  const totalPages = result?.pagination.totalPages ?? 0;
  // A page past the end (after deletions, or an edited URL): show the last one.
  if (result && total > 0 && page > totalPages) redirect(withQuery(basePath, toSearchParams({ ...filters, limit, page: totalPages })));

  const columns: ResponseColumn[] = answerColumns(schema).map((q) => ({ key: q.key, type: q.type, title: q.title ?? q.key }));
  const rows: ResponseRow[] = (result?.responses ?? []).map((r) => ({
    id: r.id,
    submittedAt: r.submittedAt ?? r.startedAt,
    answers: r.answers as Record<string, AnswerValue>,
    metadata: r.metadata,
    language: r.language,
    spam: r.spam,
  }));
  // A Language column only when there is a choice of language (or a response says otherwise).
  const ownLanguage = schema?.language ?? DEFAULT_LANGUAGE;
  const showLanguage = Object.keys(schema?.translations ?? {}).length > 0 || rows.some((r) => r.language !== ownLanguage);
  // ?response=<id> (the link in notification emails) opens that response's panel.
  const linkedId = typeof rawParams.response === "string" && rawParams.response ? rawParams.response : null;
  const linked = linkedId ? await linkedResponse(actor, id, linkedId) : null;
  const first = (page - 1) * limit + 1;
  const caption = `${showingHeld ? "Held responses" : "Responses"} ${first}–${first + rows.length - 1} of ${total}, newest first`;
  // The views appear once something is held (or the held view is asked for): most forms never see one.
  const views = held > 0 || showingHeld ? <ResponseViews basePath={basePath} filters={filters} limit={limit} held={held} /> : null;

  if (!filtered && total === 0 && !loadError && !showingHeld) {
    const empty = (
      <EmptyState
        title="No responses yet"
        description={
          form.publicUrl ? (
            <>Share the public link and responses appear here as people submit: <a href={form.publicUrl} className="mono">{form.publicUrl}</a></>
          ) : (
            "Publish the form to get a public link; responses appear here as people submit."
          )
        }
        action={form.publicUrl ? <CopyButton value={form.publicUrl} absolute label="Copy public link" size="md" /> : <Link href={`/forms/${id}`}>Open the builder</Link>}
      />
    );
    if (!views) return empty;
    // Every answer so far was held: say so before "no responses", or the owner would think none came.
    return (
      <div className="stack">
        {views}
        <Alert tone="warning"><HeldLink formId={id} held={held} />: they count once you restore them.</Alert>
        {empty}
      </div>
    );
  }

  return (
    <div className="stack">
      {views}
      {showingHeld && <HeldNotice />}
      <FilterBar
        // Remount when the URL changes (back/forward), so the inputs show the URL's filters.
        key={toSearchParams(filters).toString()}
        basePath={basePath}
        metadataKeys={metadataKeys}
        filters={filters}
        problems={problems}
        limit={limit}
        endings={outcome.endings}
        scored={outcome.scored}
      />
      {loadError && <Alert tone="danger">{loadError}</Alert>}
      {linkedId && !linked && <Alert tone="warning">The linked response no longer exists (it may have been deleted).</Alert>}
      <div className="row-between">
        <p className="muted" style={{ margin: 0 }} data-testid="responses-count" aria-live="polite">
          {countText(total, filtered, showingHeld)}
        </p>
        {total > 0 && <ExportButton formId={id} filters={filters} hasMetadata={metadataKeys.length > 0} />}
      </div>
      {rows.length > 0 ? (
        <>
          <ResponsesTable formId={id} columns={columns} rows={rows} caption={caption} linked={linked ?? undefined} showLanguage={showLanguage} />
          <Pagination basePath={basePath} filters={filters} page={page} limit={limit} totalPages={totalPages} />
        </>
      ) : (
        !loadError && (showingHeld && !filtered ? (
          <EmptyState
            title="No responses held as suspected spam"
            description="Responses finished suspiciously fast are held here for you to restore or delete; none is waiting."
            action={<Link href={withQuery(basePath, toSearchParams({ metadata: {}, limit }))}>Show all responses</Link>}
          />
        ) : (
          <EmptyState
            title="No responses match these filters"
            description="Try a wider date range, another search, or clear the filters."
            action={<Link href={withQuery(basePath, toSearchParams({ metadata: {}, spam: filters.spam, limit }))}>Clear filters</Link>}
          />
        ))
      )}
    </div>
  );
}

function countText(total: number, filtered: boolean, held: boolean) {
  const noun = total === 1 ? "response" : "responses";
  if (held) return filtered ? `${total} held ${noun} ${total === 1 ? "matches" : "match"} the filters` : `${total} ${noun} held as suspected spam`;
  return filtered ? `${total} ${total === 1 ? "response matches" : "responses match"} the filters` : `${total} ${noun}`;
}

async function linkedResponse(actor: Actor, formId: string, responseId: string): Promise<ResponseRow | null> {
  try {
    const { response: r } = await getResponse(actor, formId, responseId);
    return { id: r.id, submittedAt: r.submittedAt ?? r.startedAt, answers: r.answers as Record<string, AnswerValue>, metadata: r.metadata, language: r.language, spam: r.spam };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
